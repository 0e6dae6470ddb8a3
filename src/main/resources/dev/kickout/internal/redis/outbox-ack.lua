-- Acknowledges an outbox entry whose follow-ups all succeeded: it leaves the shard for good.
-- KEYS[1] entries hash, KEYS[2] due index
-- ARGV[1] entry id
-- Returns {1} if the entry was still there, else {0}
redis.call('ZREM', KEYS[2], ARGV[1])
return {redis.call('HDEL', KEYS[1], ARGV[1])}
