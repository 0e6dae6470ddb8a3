-- Tidies one user (forgets old tombstones, buries expired sessions, a bounded number of each)
-- and lists what is live.
-- KEYS[1] user hash, KEYS[2] live index, KEYS[3] tombstone index
-- ARGV[1] ttl (ms), ARGV[2] tombstones per user at most
-- Returns {user JSON or '', sessionId1, record1, ...}
prune(clock_now(), tonumber(ARGV[1]), tonumber(ARGV[2]))
local result = {redis.call('HGET', KEYS[1], 'u') or ''}
for _, e in ipairs(live_sessions()) do
  table.insert(result, e.sid)
  table.insert(result, e.raw)
end
return result
