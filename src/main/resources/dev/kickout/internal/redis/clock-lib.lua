-- The one clock of every script that decides by time (prepended to it): Redis's own TIME, never a
-- time an app server sends, so instances whose clocks disagree still agree on every expiry.
-- Redis 7 replicates a script's effects, not the script, so TIME is allowed in a writing script.

-- Redis's time in epoch milliseconds.
local function clock_now()
  local t = redis.call('TIME')
  return tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end

-- An epoch-milliseconds time as ISO-8601 UTC with milliseconds (as java.time.Instant reads it);
-- days to civil date after H. Hinnant's algorithm.
local function clock_iso(ms)
  local days = math.floor(ms / 86400000)
  local rest = ms - days * 86400000
  local z = days + 719468
  local era = math.floor(z / 146097)
  local doe = z - era * 146097
  local yoe = math.floor((doe - math.floor(doe / 1460) + math.floor(doe / 36524) - math.floor(doe / 146096)) / 365)
  local doy = doe - (365 * yoe + math.floor(yoe / 4) - math.floor(yoe / 100))
  local mp = math.floor((5 * doy + 2) / 153)
  local d = doy - math.floor((153 * mp + 2) / 5) + 1
  local m = mp < 10 and mp + 3 or mp - 9
  local y = yoe + era * 400 + (m <= 2 and 1 or 0)
  return string.format('%04d-%02d-%02dT%02d:%02d:%02d.%03dZ', y, m, d, math.floor(rest / 3600000),
      math.floor(rest / 60000) % 60, math.floor(rest / 1000) % 60, rest % 1000)
end
