-- Takes a resource's edit lock for a session, or renews it for the session that already holds it
-- (with a fresh token: the old one dies as TAKEN). Each new holding gets a fence larger than every
-- fence issued before for the resource: max(last fence + 1, Redis's clock in microseconds). The
-- counter expires one TTL after the lock, so an id never seen again leaves nothing behind; a fence
-- issued at Redis time t is t µs (one acquire takes longer than 1 µs), so once the counter is gone
-- the clock alone is above it, as long as Redis's clock never jumps back by more than the counter's
-- lifetime. Fences stay below 2^53 (exact as Lua and JSON numbers) until the year 2255.
-- Every time (acquiredAt, lastHeartbeat, expiresAt, capAt) comes from Redis's clock.
-- ARGV[1] sessionId, ARGV[2] userId, ARGV[3] username, ARGV[4] clientId,
-- ARGV[5] new token hash, ARGV[6] ttl (ms), ARGV[7] max hold (ms)
-- Returns {'ACQUIRED' | 'RENEWED' | 'HELD', field, value, ...}
local now = clock_now()
local ttl = tonumber(ARGV[6])
local held = redis.call('HMGET', KEYS[1], 'state', 'sessionId', 'tokenHash', 'capAt')
if held[1] then
  if held[1] ~= 'HELD' or held[2] ~= ARGV[1] then
    return with_view('HELD')
  end
  local expires = math.min(now + ttl, tonumber(held[4]))
  if expires > now then
    mark_dead(held[3], 'TAKEN', '', now, ttl)
    redis.call('HSET', KEYS[1], 'tokenHash', ARGV[5], 'clientId', ARGV[4], 'lastHeartbeat', now, 'expiresAt', expires)
    redis.call('PEXPIRE', KEYS[1], expires - now)
    redis.call('PEXPIRE', KEYS[2], expires - now + ttl)
    return with_view('RENEWED')
  end
  mark_dead(held[3], 'EXPIRED', '', now, ttl)
  redis.call('DEL', KEYS[1])
end
local clock = redis.call('TIME')
local floor = tonumber(clock[1]) * 1000000 + tonumber(clock[2])
local fence = string.format('%d', math.max((tonumber(redis.call('GET', KEYS[2])) or 0) + 1, floor))
local cap = now + tonumber(ARGV[7])
local expires = math.min(now + ttl, cap)
redis.call('SET', KEYS[2], fence, 'PX', expires - now + ttl)
redis.call('HSET', KEYS[1], 'state', 'HELD', 'userId', ARGV[2], 'username', ARGV[3], 'sessionId', ARGV[1],
  'clientId', ARGV[4], 'tokenHash', ARGV[5], 'fence', fence, 'acquiredAt', now, 'lastHeartbeat', now,
  'expiresAt', expires, 'capAt', cap)
redis.call('PEXPIRE', KEYS[1], expires - now)
return with_view('ACQUIRED')
