-- Revokes live sessions of one user, leaving a tombstone for each so that its token answers
-- why (KICKED, LOGGED_OUT, ...) for as long as it could have lived (within the tombstone bound).
-- KEYS[1..3] the user (user-lib.lua), then the outbox shard's two keys
-- ARGV[1] tombstone (JSON; its 'at' is set here, from Redis's clock), ARGV[2] ttl (ms),
-- ARGV[3] one sessionId, or '' for all of the user's sessions,
-- ARGV[4] only this device type, or '' for any, ARGV[5] a sessionId to spare, or '',
-- ARGV[6] tombstones per user at most, ARGV[7] the near caches' channel ('' with the cache off),
-- ARGV[8] the invalidation to publish there for this user
-- Returns {tombstone as stored, revokedId1, revokedRecord1, ..., then the user's summary (three values,
-- see summary in user-lib.lua)}
local now = clock_now()
local ttl = tonumber(ARGV[2])
local max_tombstones = tonumber(ARGV[6])
local tombstone = stamped(ARGV[1], now)
load_user()
prune(now, ttl, max_tombstones)

local result = {tombstone}
for _, e in ipairs(live_sessions()) do
  if (ARGV[3] == '' or e.sid == ARGV[3])
      and (ARGV[4] == '' or e.s.d == ARGV[4])
      and e.sid ~= ARGV[5] then
    bury(e.sid, tombstone, ttl, max_tombstones, now)
    table.insert(result, e.sid)
    table.insert(result, e.raw)
  end
end
save_user(now, ttl)

-- Outbox: the follow-ups of these revocations, written with them (outbox-lib.lua).
-- The last two KEYS: outbox entries and due index (the outbox shard of the user's slot);
-- the last four ARGV: outbox id, context (JSON: actor), grace (ms), max age (ms)
outbox_sessions(result, 2)
-- every instance's near cache forgets the user's sessions, published with the decision itself
if #result > 1 and ARGV[7] ~= '' then
  redis.call('PUBLISH', ARGV[7], ARGV[8])
end
-- last, what the listing index now keeps of the user (summary in user-lib.lua), so that no second
-- round trip reads it back
for _, value in ipairs(summary(now)) do
  table.insert(result, value)
end
return result
