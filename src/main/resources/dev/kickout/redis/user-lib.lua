-- Shared by the per-user scripts (prepended to them, never run alone).
-- KEYS[1] user hash, KEYS[2] live index (sessionId -> expiresAt), KEYS[3] tombstone index
-- (sessionId -> when the tombstone is forgotten).

-- Replaces a live session by its tombstone; the tombstone lives as long as the token could have.
local function bury(sid, raw, tombstone, ttl)
  local s = cjson.decode(raw)
  redis.call('HSET', KEYS[1], 'x:' .. sid, tombstone)
  redis.call('HDEL', KEYS[1], 's:' .. sid)
  redis.call('ZREM', KEYS[2], sid)
  redis.call('ZADD', KEYS[3], s.capAt + ttl, sid)
end

-- Forgets tombstones past their time and buries sessions past their expiry.
local function prune(now, ttl)
  for _, sid in ipairs(redis.call('ZRANGEBYSCORE', KEYS[3], '-inf', now)) do
    redis.call('HDEL', KEYS[1], 'x:' .. sid)
  end
  redis.call('ZREMRANGEBYSCORE', KEYS[3], '-inf', now)
  for _, sid in ipairs(redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', now)) do
    local raw = redis.call('HGET', KEYS[1], 's:' .. sid)
    if raw then
      bury(sid, raw, cjson.encode({code = 'EXPIRED'}), ttl)
    else
      redis.call('ZREM', KEYS[2], sid)
    end
  end
end

-- Live sessions as {sid, raw, s} tables, oldest login first.
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

-- Makes the user's keys live at least until the given time (ms).
local function keep_until(keys, now, until_ms)
  for _, key in ipairs(keys) do
    local left = redis.call('PTTL', key)
    if left == -1 or (left >= 0 and now + left < until_ms) then
      redis.call('PEXPIRE', key, until_ms - now)
    end
  end
end
