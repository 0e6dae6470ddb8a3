-- Reserves one place among a session's and its user's edit locks before the lock is asked for, so
-- that no burst of parallel acquires lets a session or a user hold more than its cap: the count and
-- the reservation are one step. A resource the session already holds needs no place (a renewal).
-- The lock itself lives in another Redis Cluster slot: lock-hold.lua turns the claim into a holding
-- once the lock is granted, lock-unhold.lua drops it when it is not; a claim nobody resolves (a
-- crash in between) lapses after one lock TTL.
-- KEYS: see lock-holdings-lib.lua
-- ARGV[1] sessionId, ARGV[2] type/id, ARGV[3] attempt id, ARGV[4] lock ttl (ms),
-- ARGV[5] locks per session, ARGV[6] locks per user
-- Returns {'CLAIMED'} | {'KEPT'} | {'LIMIT', 'SESSION' | 'USER'}
local now = clock_now()
local held = redis.call('ZSCORE', KEYS[1], ARGV[2])
if held and tonumber(held) > now then
  return {'KEPT'}
end
local over = over_cap(now, tonumber(ARGV[5]), tonumber(ARGV[6]))
if over then
  return {'LIMIT', over}
end
local ends = now + tonumber(ARGV[4])
redis.call('ZADD', KEYS[1], ends, ARGV[2] .. '#' .. ARGV[3])
redis.call('ZADD', KEYS[2], ends, ARGV[1] .. ' ' .. ARGV[2] .. '#' .. ARGV[3])
outlive(now, ends)
return {'CLAIMED'}
