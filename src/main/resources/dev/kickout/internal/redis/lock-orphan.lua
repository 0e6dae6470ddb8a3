-- Bounds one lock key that has no expiry (left by a crash or a manual edit): a lock hash holding
-- a live lock expires with that lock, any other lock hash is deleted, and any other lock key
-- (counter, dead tokens, waiters) expires after one lock TTL. Deleting an old counter is safe: the next fence comes from Redis's clock.
-- KEYS[1] the key, ARGV[1] ttl (ms), ARGV[2] '1' when KEYS[1] is a lock hash
-- Returns 'NONE' (it expires already, or is gone) | 'DELETED' | 'EXPIRING'
if redis.call('PTTL', KEYS[1]) ~= -1 then
  return 'NONE'
end
local now = clock_now()
if ARGV[2] == '1' then
  local held = redis.call('HMGET', KEYS[1], 'state', 'expiresAt')
  local expires = tonumber(held[2])
  if held[1] ~= 'HELD' or not expires or expires <= now then
    redis.call('DEL', KEYS[1])
    return 'DELETED'
  end
  redis.call('PEXPIRE', KEYS[1], expires - now)
  return 'EXPIRING'
end
redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[1]))
return 'EXPIRING'
