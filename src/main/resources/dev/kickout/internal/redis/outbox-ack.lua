-- Acknowledges outbox entries of one shard whose follow-ups all succeeded: they leave the shard for good.
-- KEYS[1] entries hash, KEYS[2] due index
-- ARGV the entry ids (at least one)
-- Returns {n}: how many of them were still there
redis.call('ZREM', KEYS[2], unpack(ARGV))
return {redis.call('HDEL', KEYS[1], unpack(ARGV))}
