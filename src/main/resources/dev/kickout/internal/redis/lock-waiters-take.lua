-- Takes the sessions refused a lock within the last lock TTL (by Redis's clock) and forgets them
-- all, so each is told at most once.
-- KEYS[1] the lock's waiters (sessionId -> when refused, ms)
-- ARGV[1] ttl (ms)
-- Returns {sessionId, ...}
local recent = redis.call('ZRANGEBYSCORE', KEYS[1], string.format('%.0f', clock_now() - tonumber(ARGV[1])), '+inf')
redis.call('DEL', KEYS[1])
return recent
