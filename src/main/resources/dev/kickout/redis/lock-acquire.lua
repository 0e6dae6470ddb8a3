-- Takes a resource's edit lock for a session, or renews it for the session that already holds it
-- (with a fresh token: the old one dies as TAKEN). Each new holding gets the next fence; the
-- counter never expires, so a fence never goes back, not even after expiry or force release.
-- ARGV[1] now (ms), ARGV[2] sessionId, ARGV[3] userId, ARGV[4] username, ARGV[5] clientId,
-- ARGV[6] new token hash, ARGV[7] ttl (ms), ARGV[8] max hold (ms)
-- Returns {'ACQUIRED' | 'RENEWED' | 'HELD', field, value, ...}
local now = tonumber(ARGV[1])
local ttl = tonumber(ARGV[7])
local held = redis.call('HMGET', KEYS[1], 'state', 'sessionId', 'tokenHash', 'capAt')
if held[1] then
  if held[1] ~= 'HELD' or held[2] ~= ARGV[2] then
    return with_view('HELD')
  end
  local expires = math.min(now + ttl, tonumber(held[4]))
  if expires > now then
    mark_dead(held[3], 'TAKEN', '', now, ttl)
    redis.call('HSET', KEYS[1], 'tokenHash', ARGV[6], 'clientId', ARGV[5], 'lastHeartbeat', now, 'expiresAt', expires)
    redis.call('PEXPIRE', KEYS[1], expires - now)
    return with_view('RENEWED')
  end
  mark_dead(held[3], 'EXPIRED', '', now, ttl)
  redis.call('DEL', KEYS[1])
end
local fence = redis.call('INCR', KEYS[2])
local cap = now + tonumber(ARGV[8])
local expires = math.min(now + ttl, cap)
redis.call('HSET', KEYS[1], 'state', 'HELD', 'userId', ARGV[3], 'username', ARGV[4], 'sessionId', ARGV[2],
  'clientId', ARGV[5], 'tokenHash', ARGV[6], 'fence', fence, 'acquiredAt', now, 'lastHeartbeat', now,
  'expiresAt', expires, 'capAt', cap)
redis.call('PEXPIRE', KEYS[1], expires - now)
return with_view('ACQUIRED')
