-- Remembers that a session was refused a lock, at Redis's time, so it can be told once the lock is
-- free; the set forgets refusals older than one lock TTL and expires one TTL after the last.
-- KEYS[1] the lock's waiters (sessionId -> when refused, ms)
-- ARGV[1] sessionId, ARGV[2] ttl (ms)
-- Returns {the number of waiters}
local now = clock_now()
local ttl = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', '(' .. string.format('%.0f', now - ttl))
redis.call('ZADD', KEYS[1], now, ARGV[1])
redis.call('PEXPIRE', KEYS[1], ttl)
return {redis.call('ZCARD', KEYS[1])}
