-- Opens a session under the login policy, atomically for one user: whatever the number of
-- parallel logins, the user ends with exactly the sessions the policy allows, and each
-- replaced session keeps a tombstone saying so.
-- KEYS[1] user hash, KEYS[2] live index, KEYS[3] tombstone index, KEYS[4] the new token's pointer
-- ARGV[1] now (ms), ARGV[2] new sessionId, ARGV[3] new session record (JSON), ARGV[4] policy,
-- ARGV[5] device type, ARGV[6] max sessions, ARGV[7] when full (EVICT_OLDEST | REJECT),
-- ARGV[8] tombstone for replaced sessions (JSON), ARGV[9] ttl (ms), ARGV[10] user (JSON)
-- Returns {'OK', replacedId1, replacedRecord1, ...} | {'LIMIT'}
local now = tonumber(ARGV[1])
local ttl = tonumber(ARGV[9])
prune(now, ttl)

local live = live_sessions()
local victims = {}
local policy = ARGV[4]
if policy == 'SINGLE' then
  victims = live
elseif policy == 'PER_DEVICE_TYPE' then
  for _, e in ipairs(live) do
    if e.s.deviceType == ARGV[5] then table.insert(victims, e) end
  end
elseif policy == 'MAX_SESSIONS' then
  local max = tonumber(ARGV[6])
  if #live >= max then
    if ARGV[7] == 'REJECT' then return {'LIMIT'} end
    for i = 1, #live - max + 1 do table.insert(victims, live[i]) end
  end
end

local result = {'OK'}
for _, e in ipairs(victims) do
  bury(e.sid, e.raw, ARGV[8], ttl)
  table.insert(result, e.sid)
  table.insert(result, e.raw)
end

local s = cjson.decode(ARGV[3])
local forget = s.capAt + ttl
redis.call('HSET', KEYS[1], 's:' .. ARGV[2], ARGV[3], 'u', ARGV[10])
redis.call('ZADD', KEYS[2], s.expiresAt, ARGV[2])
redis.call('SET', KEYS[4], ARGV[2], 'PX', forget - now)
keep_until({KEYS[1], KEYS[2], KEYS[3]}, now, forget)
return result
