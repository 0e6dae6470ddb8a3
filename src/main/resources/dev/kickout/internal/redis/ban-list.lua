-- The bans of one listing shard that have not ended (Redis's clock), soonest end first; entries of ended
-- bans are dropped on the way, at most PRUNE_LIMIT per call.
-- KEYS[1] the shard's bans (zset: user tag -> until, ms), KEYS[2] their records (hash)
-- ARGV[1] how many at most
-- Returns {count of bans in the shard, ban JSON, ...}
local PRUNE_LIMIT = 100
local now = clock_now()
local ended = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', now, 'LIMIT', 0, PRUNE_LIMIT)
for _, tag in ipairs(ended) do
  redis.call('ZREM', KEYS[1], tag)
  redis.call('HDEL', KEYS[2], tag)
end
local result = {redis.call('ZCOUNT', KEYS[1], '(' .. now, '+inf')}
local tags = redis.call('ZRANGEBYSCORE', KEYS[1], '(' .. now, '+inf', 'LIMIT', 0, tonumber(ARGV[1]))
for _, tag in ipairs(tags) do
  table.insert(result, redis.call('HGET', KEYS[2], tag) or '')
end
return result
