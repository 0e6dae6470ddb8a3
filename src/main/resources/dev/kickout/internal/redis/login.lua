-- Opens a session under the login policy, atomically for one user: whatever the number of
-- parallel logins, the user ends with exactly the sessions the policy allows, never more than the
-- per-user cap nor more distinct device types than allowed, and each replaced session keeps a
-- tombstone saying so. A refused login changes nothing. A banned user's login is refused here, in the
-- user's slot, so a login racing a ban either ends before it (and the kick after the ban ends it) or is
-- refused.
-- KEYS[1..3] the user (user-lib.lua), KEYS[4] the user's ban (ban.lua), then off a Cluster the user's
-- listing index shard (KEYS[5] users index, KEYS[6] counts: the login writes the user's entry itself,
-- index-lib.lua), then the outbox shard's two keys
-- The new session's times (loginTime, lastSeen, expiresAt, capAt) and the replaced sessions'
-- tombstone time ('at') are set here, from Redis's clock.
-- ARGV[1] new sessionId, ARGV[2] new session record (JSON), ARGV[3] policy,
-- ARGV[4] device type, ARGV[5] max sessions (MAX_SESSIONS), ARGV[6] when full (EVICT_OLDEST | REJECT),
-- ARGV[7] tombstone for replaced sessions (JSON), ARGV[8] ttl (ms), ARGV[9] user (JSON),
-- ARGV[10] the new token's hash, ARGV[11] sessions per user at most (every policy),
-- ARGV[12] distinct device types per user at most, ARGV[13] tombstones per user at most,
-- ARGV[14] max lifetime (ms), ARGV[15] the near caches' channel ('' with the cache off),
-- ARGV[16] the invalidation to publish there for this user (when the login replaced sessions),
-- ARGV[17] the user's tag (its member in the listing index)
-- Returns {'OK', record as stored, tombstone as stored, replacedId1, replacedRecord1, ..., then the user's
-- summary (three values, see summary in user-lib.lua)}
-- | {'LIMIT', max} | {'DEVICE_TYPES', max} | {'BANNED', ban (JSON, ban.lua)}
local now = clock_now()
local ban = redis.call('GET', KEYS[4])
if ban and tonumber(cjson.decode(ban).untilMs) > now then return {'BANNED', ban} end
local ttl = tonumber(ARGV[8])
local max_tombstones = tonumber(ARGV[13])
load_user()
prune(now, ttl, max_tombstones)

local live = live_sessions()
local doomed = {}
local policy = ARGV[3]
if policy == 'SINGLE' then
  for _, e in ipairs(live) do doomed[e.sid] = true end
elseif policy == 'PER_DEVICE_TYPE' then
  for _, e in ipairs(live) do
    if e.s.d == ARGV[4] then doomed[e.sid] = true end
  end
elseif policy == 'MAX_SESSIONS' then
  local max = tonumber(ARGV[5])
  if #live >= max then
    if ARGV[6] == 'REJECT' then return {'LIMIT', max} end
    for i = 1, #live - max + 1 do doomed[live[i].sid] = true end
  end
end

local survivors = {}
for _, e in ipairs(live) do
  if not doomed[e.sid] then table.insert(survivors, e) end
end
local cap = tonumber(ARGV[11])
if #survivors >= cap then
  if ARGV[6] == 'REJECT' then return {'LIMIT', cap} end
  for i = 1, #survivors - cap + 1 do doomed[survivors[i].sid] = true end
end

local labels, distinct = {}, 0
for _, e in ipairs(live) do
  if not doomed[e.sid] and not labels[e.s.d] then
    labels[e.s.d] = true
    distinct = distinct + 1
  end
end
local max_types = tonumber(ARGV[12])
if not labels[ARGV[4]] and distinct >= max_types then return {'DEVICE_TYPES', max_types} end

local s = cjson.decode(ARGV[2])
s.loginTime = now
s.lastSeen = now
s.capAt = now + tonumber(ARGV[14])
s.expiresAt = math.min(now + ttl, s.capAt)
local tombstone = stamped(ARGV[7], now)

local user = cjson.decode(ARGV[9])
set_user(user.userId, user.username)
set_live(ARGV[1], compact(s, ARGV[10]))
live_changed(now)
local result = {'OK', expanded(session_of(ARGV[1])), tombstone}
for _, e in ipairs(live) do
  if doomed[e.sid] then
    bury(e.sid, tombstone, ttl, max_tombstones, now)
    table.insert(result, e.sid)
    table.insert(result, e.raw)
  end
end

save_user(now, ttl)

-- Outbox: the follow-ups of the replacements, written with them (outbox-lib.lua).
-- The last two KEYS: outbox entries and due index (the outbox shard of the user's slot);
-- the last four ARGV: outbox id, context (JSON: actor), grace (ms), max age (ms)
outbox_sessions(result, 4)
-- every instance's near cache forgets the user's sessions, published with the decision itself
if #result > 3 and ARGV[15] ~= '' then
  redis.call('PUBLISH', ARGV[15], ARGV[16])
end
-- last, what the listing index now keeps of the user (summary in user-lib.lua): written here when
-- the index's shard is at hand, and answered, so that no second round trip reads it back
local listed = summary(now)
if #KEYS == 8 then
  index_user(KEYS[5], KEYS[6], ARGV[17], listed[1], listed[2], listed[3])
end
for _, value in ipairs(listed) do
  table.insert(result, value)
end
return result
