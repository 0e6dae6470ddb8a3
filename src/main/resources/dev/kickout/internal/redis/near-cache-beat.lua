-- One near-cache heartbeat: a write first, then "h <instance> <beat> <Redis ms>" on the invalidation
-- channel. A Redis that refuses writes (READONLY, NOREPLICAS, OOM) fails the write, so it publishes no
-- heartbeat and every near cache fed by it stops answering within its silence. The beat carries Redis's
-- time of sending, so a subscriber can tell a backlog from a live channel.
-- KEYS[1] this instance's beat key.
-- ARGV[1] channel, ARGV[2] instance id, ARGV[3] beat number, ARGV[4] the beat key's lifetime (ms).
-- Returns Redis's time of the beat (ms).
local now = clock_now()
redis.call('SET', KEYS[1], ARGV[3], 'PX', ARGV[4])
redis.call('PUBLISH', ARGV[1], 'h ' .. ARGV[2] .. ' ' .. ARGV[3] .. ' ' .. now)
return now
