-- Moves a holding on with its lock's heartbeat, in the heartbeat's own round trip: the lock lives in
-- another Redis Cluster slot, so this cannot wait for the heartbeat's outcome. A live holding of the
-- session lasts one lock TTL from now (never less than it had); a missing or lapsed one is left
-- alone, and the caller lists it again within the caps (lock-hold.lua) once the heartbeat proved the
-- lock live. A heartbeat refused meanwhile moved a holding at most one TTL on, after which it lapses.
-- KEYS: see lock-holdings-lib.lua
-- ARGV[1] sessionId, ARGV[2] type/id, ARGV[3] lock ttl (ms)
-- Returns 1 when the holding was moved, 0 when there was no live holding to move
local now = clock_now()
local listed = redis.call('ZSCORE', KEYS[1], ARGV[2])
if not (listed and tonumber(listed) > now) then
  return 0
end
local ends = now + tonumber(ARGV[3])
redis.call('ZADD', KEYS[1], 'GT', ends, ARGV[2])
redis.call('ZADD', KEYS[2], 'GT', ends, ARGV[1] .. ' ' .. ARGV[2])
outlive(now, ends)
return 1
