-- Opens a session under the login policy, atomically for one user: whatever the number of
-- parallel logins, the user ends with exactly the sessions the policy allows, never more than the
-- per-user cap nor more distinct device types than allowed, and each replaced session keeps a
-- tombstone saying so. A refused login changes nothing.
-- KEYS[1] user hash, KEYS[2] live index, KEYS[3] tombstone index
-- ARGV[1] now (ms), ARGV[2] new sessionId, ARGV[3] new session record (JSON), ARGV[4] policy,
-- ARGV[5] device type, ARGV[6] max sessions (MAX_SESSIONS), ARGV[7] when full (EVICT_OLDEST | REJECT),
-- ARGV[8] tombstone for replaced sessions (JSON), ARGV[9] ttl (ms), ARGV[10] user (JSON),
-- ARGV[11] the new token's hash, ARGV[12] sessions per user at most (every policy),
-- ARGV[13] distinct device types per user at most, ARGV[14] tombstones per user at most
-- Returns {'OK', replacedId1, replacedRecord1, ...} | {'LIMIT', max} | {'DEVICE_TYPES', max}
local now = tonumber(ARGV[1])
local ttl = tonumber(ARGV[9])
local max_tombstones = tonumber(ARGV[14])
prune(now, ttl, max_tombstones)

local live = live_sessions()
local doomed = {}
local policy = ARGV[4]
if policy == 'SINGLE' then
  for _, e in ipairs(live) do doomed[e.sid] = true end
elseif policy == 'PER_DEVICE_TYPE' then
  for _, e in ipairs(live) do
    if e.s.deviceType == ARGV[5] then doomed[e.sid] = true end
  end
elseif policy == 'MAX_SESSIONS' then
  local max = tonumber(ARGV[6])
  if #live >= max then
    if ARGV[7] == 'REJECT' then return {'LIMIT', max} end
    for i = 1, #live - max + 1 do doomed[live[i].sid] = true end
  end
end

local survivors = {}
for _, e in ipairs(live) do
  if not doomed[e.sid] then table.insert(survivors, e) end
end
local cap = tonumber(ARGV[12])
if #survivors >= cap then
  if ARGV[7] == 'REJECT' then return {'LIMIT', cap} end
  for i = 1, #survivors - cap + 1 do doomed[survivors[i].sid] = true end
end

local labels, distinct = {}, 0
for _, e in ipairs(live) do
  if not doomed[e.sid] and not labels[e.s.deviceType] then
    labels[e.s.deviceType] = true
    distinct = distinct + 1
  end
end
local max_types = tonumber(ARGV[13])
if not labels[ARGV[5]] and distinct >= max_types then return {'DEVICE_TYPES', max_types} end

local result = {'OK'}
for _, e in ipairs(live) do
  if doomed[e.sid] then
    bury(e.sid, e.raw, ARGV[8], ttl, max_tombstones)
    table.insert(result, e.sid)
    table.insert(result, e.raw)
  end
end

local s = cjson.decode(ARGV[3])
redis.call('HSET', KEYS[1], 's:' .. ARGV[2], ARGV[3], 'u', ARGV[10],
    't:' .. ARGV[11], ARGV[2], 'p:' .. ARGV[2], ARGV[11])
redis.call('ZADD', KEYS[2], s.expiresAt, ARGV[2])
keep_until({KEYS[1], KEYS[2], KEYS[3]}, now, s.capAt + ttl)

-- Outbox (issue 11): the follow-ups of the replacements, written with them (outbox-lib.lua).
-- KEYS[4] outbox entries, KEYS[5] outbox due index (the outbox shard of the user's slot);
-- the last four ARGV: outbox id, context (JSON: actor), grace (ms), max age (ms)
outbox_sessions(result, 2)
return result
