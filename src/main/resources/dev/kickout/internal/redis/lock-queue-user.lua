-- The per-user queue cap: the queues a user waits in ("type/id sessionId"), each by when it was last
-- renewed; entries not renewed within the presence window are forgotten.
-- KEYS[1] the user's queues
-- ARGV[1] entry, ARGV[2] presence window (ms), ARGV[3] the cap (0: renew an entry it has, never add)
-- Returns 'OK' | 'FULL' | 'NONE' (renewing an entry it does not have)
local now = clock_now()
local window = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', '(' .. string.format('%.0f', now - window))
local known = redis.call('ZSCORE', KEYS[1], ARGV[1])
local cap = tonumber(ARGV[3])
if not known then
  if cap == 0 then
    return 'NONE'
  end
  if redis.call('ZCARD', KEYS[1]) >= cap then
    return 'FULL'
  end
end
redis.call('ZADD', KEYS[1], now, ARGV[1])
redis.call('PEXPIRE', KEYS[1], window)
return 'OK'
