-- Forgets up to a bounded number of admin index entries whose lock expired (scored by expiry, so
-- they are the lowest), with their holdings, and answers what is left: expired locks
-- never pile up in the index, and no call does more than ARGV[1] removals. Expired means by Redis's
-- clock.
-- KEYS[1] locks index, KEYS[2] its holdings (see lock-index.lua)
-- ARGV[1] most entries to remove
-- Returns {removed, index size}
local expired = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', '(' .. clock_now(), 'LIMIT', 0, tonumber(ARGV[1]))
for _, entry in ipairs(expired) do
  redis.call('ZREM', KEYS[1], entry)
  redis.call('HDEL', KEYS[2], entry)
end
return {#expired, redis.call('ZCARD', KEYS[1])}
