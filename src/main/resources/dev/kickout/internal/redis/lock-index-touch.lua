-- Moves a lock's admin index entry to one lock TTL from now (never back), in its heartbeat's own round
-- trip (the index shard lives in another Redis Cluster slot): a live lock that a race unlisted is
-- listed again, and an entry whose lock ended meanwhile lingers at most until then (listings forget
-- entries whose lock is gone, and pruning drops those whose time passed).
-- KEYS[1] the index shard
-- ARGV[1] type/id, ARGV[2] lock ttl (ms)
-- Returns 1 when the entry was added or moved, else 0
return redis.call('ZADD', KEYS[1], 'GT', 'CH', clock_now() + tonumber(ARGV[2]), ARGV[1])
