-- Revokes live sessions of one user, leaving a tombstone for each so that its token answers
-- why (KICKED, LOGGED_OUT, ...) for as long as it could have lived (within the tombstone bound).
-- KEYS[1] user hash, KEYS[2] live index, KEYS[3] tombstone index
-- ARGV[1] now (ms), ARGV[2] tombstone (JSON), ARGV[3] ttl (ms),
-- ARGV[4] one sessionId, or '' for all of the user's sessions,
-- ARGV[5] only this device type, or '' for any, ARGV[6] a sessionId to spare, or '',
-- ARGV[7] tombstones per user at most
-- Returns {revokedId1, revokedRecord1, ...}
local now = tonumber(ARGV[1])
local ttl = tonumber(ARGV[3])
local max_tombstones = tonumber(ARGV[7])
prune(now, ttl, max_tombstones)

local result = {}
for _, e in ipairs(live_sessions()) do
  if (ARGV[4] == '' or e.sid == ARGV[4])
      and (ARGV[5] == '' or e.s.deviceType == ARGV[5])
      and e.sid ~= ARGV[6] then
    bury(e.sid, e.raw, ARGV[2], ttl, max_tombstones)
    table.insert(result, e.sid)
    table.insert(result, e.raw)
  end
end

-- Outbox (issue 11): the follow-ups of these revocations, written with them (outbox-lib.lua).
-- KEYS[4] outbox entries, KEYS[5] outbox due index (the outbox shard of the user's slot);
-- the last four ARGV: outbox id, context (JSON: actor), grace (ms), max age (ms)
outbox_sessions(result, 1)
return result
