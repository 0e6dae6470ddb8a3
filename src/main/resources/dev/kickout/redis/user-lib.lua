-- Shared by the per-user scripts (prepended to them, never run alone).
-- KEYS[1] user hash, KEYS[2] live index (sessionId -> expiresAt), KEYS[3] tombstone index
-- (sessionId -> when the tombstone is forgotten).
-- The user hash holds 'u' (the user's name) and, per session: 's:<sid>' its record while live,
-- 'x:<sid>' its tombstone once dead, 't:<token hash>' -> sid and 'p:<sid>' -> token hash. Forgetting
-- a tombstone removes all of them, so nothing is kept per session beyond the tombstone bound.
-- Work per call is bounded whatever the user's history: at most PRUNE_LIMIT due entries of each
-- index per call, and the live set never exceeds the per-user cap that every login enforces.

local PRUNE_LIMIT = 100

-- Forgets a dead session entirely: tombstone, token pointer, and its tombstone index entry.
local function forget(sid)
  local token_hash = redis.call('HGET', KEYS[1], 'p:' .. sid)
  if token_hash then
    redis.call('HDEL', KEYS[1], 't:' .. token_hash)
  end
  redis.call('HDEL', KEYS[1], 'x:' .. sid, 'p:' .. sid)
  redis.call('ZREM', KEYS[3], sid)
end

-- Keeps at most max tombstones, forgetting those due first (the oldest logins).
local function trim_tombstones(max)
  local excess = redis.call('ZCARD', KEYS[3]) - max
  if excess > 0 then
    for _, sid in ipairs(redis.call('ZRANGE', KEYS[3], 0, math.min(excess, PRUNE_LIMIT) - 1)) do
      forget(sid)
    end
  end
end

-- Replaces a live session by its tombstone; the tombstone lives as long as the token could have,
-- unless more than max_tombstones pile up.
local function bury(sid, raw, tombstone, ttl, max_tombstones)
  local s = cjson.decode(raw)
  redis.call('HSET', KEYS[1], 'x:' .. sid, tombstone)
  redis.call('HDEL', KEYS[1], 's:' .. sid)
  redis.call('ZREM', KEYS[2], sid)
  redis.call('ZADD', KEYS[3], s.capAt + ttl, sid)
  trim_tombstones(max_tombstones)
end

-- Forgets tombstones past their time and buries sessions past their expiry, a bounded number each.
local function prune(now, ttl, max_tombstones)
  for _, sid in ipairs(redis.call('ZRANGEBYSCORE', KEYS[3], '-inf', now, 'LIMIT', 0, PRUNE_LIMIT)) do
    forget(sid)
  end
  for _, sid in ipairs(redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', now, 'LIMIT', 0, PRUNE_LIMIT)) do
    local raw = redis.call('HGET', KEYS[1], 's:' .. sid)
    if raw then
      bury(sid, raw, cjson.encode({code = 'EXPIRED'}), ttl, max_tombstones)
    else
      redis.call('ZREM', KEYS[2], sid)
    end
  end
end

-- Live sessions as {sid, raw, s} tables, oldest login first (at most the per-user cap of them).
local function live_sessions()
  local live = {}
  for _, sid in ipairs(redis.call('ZRANGE', KEYS[2], 0, -1)) do
    local raw = redis.call('HGET', KEYS[1], 's:' .. sid)
    if raw then
      table.insert(live, {sid = sid, raw = raw, s = cjson.decode(raw)})
    end
  end
  table.sort(live, function(a, b)
    if a.s.loginTime == b.s.loginTime then return a.sid < b.sid end
    return a.s.loginTime < b.s.loginTime
  end)
  return live
end

-- A tombstone (JSON) with its 'at' set to now (ms), from Redis's clock.
local function stamped(tombstone, now)
  local t = cjson.decode(tombstone)
  t.at = clock_iso(now)
  return cjson.encode(t)
end

-- Makes the user's keys live at least until the given time (ms).
local function keep_until(keys, now, until_ms)
  for _, key in ipairs(keys) do
    local left = redis.call('PTTL', key)
    if left == -1 or (left >= 0 and now + left < until_ms) then
      redis.call('PEXPIRE', key, until_ms - now)
    end
  end
end
