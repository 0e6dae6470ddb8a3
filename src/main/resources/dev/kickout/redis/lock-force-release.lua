-- An admin breaks a lock: the holder's token dies at once (FORCE_RELEASED, by the admin), so no
-- save can slip through; the lock then stays blocked for the grace period (the holder is told
-- first) and disappears, or disappears at once when the grace is 0.
-- ARGV[1] admin user id, ARGV[2] grace (ms), ARGV[3] ttl (ms)
-- Returns {'OK', field, value, ...} (the lock as it was) | {'NOT_LOCKED'}
local now = clock_now()
local held = redis.call('HMGET', KEYS[1], 'state', 'tokenHash')
if held[1] ~= 'HELD' then
  return {'NOT_LOCKED'}
end
local released = with_view('OK')
mark_dead(held[2], 'FORCE_RELEASED', ARGV[1], now, tonumber(ARGV[3]))
local grace = tonumber(ARGV[2])
if grace > 0 then
  redis.call('HSET', KEYS[1], 'state', 'RELEASING', 'releasedBy', ARGV[1], 'releasedAt', now)
  redis.call('HDEL', KEYS[1], 'tokenHash')
  redis.call('PEXPIRE', KEYS[1], grace)
else
  redis.call('DEL', KEYS[1])
end
return released
