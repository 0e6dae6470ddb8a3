-- Shared by the per-user scripts (prepended to them, never run alone).
-- KEYS[1] the user's record: one string, MessagePack, holding the user and their live sessions:
--   u  {userId, username} ({userId} alone when both are the same)
--   v  version of the live set: grows with every login and end, so that the listing index keeps
--      the newest of two concurrent summaries of the user (index-user.lua)
--   s  sessionId without the user's tag (every id of the user starts with it) -> live session {d deviceType, c clientId, l loginTime, s lastSeen, e expiresAt,
--      x capAt (times in ms, Redis's clock), i ip, a userAgent, r roles (JSON), h token hash}
--   A live session costs its record and nothing else: no key, field or index entry of its own.
-- KEYS[2] the user's dead sessions (hash): 'x:<sid>' its tombstone, 't:<token hash>' -> sid and
--   'p:<sid>' -> token hash, forgotten together; KEYS[3] their index (sid -> when forgotten).
-- Work per call is bounded whatever the user's history: at most PRUNE_LIMIT due tombstones per call,
-- and the live set never exceeds the per-user cap that every login enforces.

local PRUNE_LIMIT = 100

local USER = nil
local DIRTY = false

-- The user's tag, from the record's key ('<prefix>:{<tag>}:u'): the start of each of its session ids.
local TAG = string.match(KEYS[1], '{([^}]*)}:u$')

-- A session id as a key of USER.s, and back.
local function short_id(sid)
  return string.sub(sid, #TAG + 2)
end

local function full_id(key)
  return TAG .. '.' .. key
end

-- The live session of that id, or nil; set_live puts or (rec nil) removes one.
local function session_of(sid)
  return USER.s[short_id(sid)]
end

local function set_live(sid, rec)
  USER.s[short_id(sid)] = rec
end

-- The user's name and id, kept once when they are the same.
local function set_user(user_id, username)
  USER.u = user_id == username and {user_id} or {user_id, username}
end

local function compact(record, token_hash)
  return {d = record.deviceType, c = record.clientId, l = record.loginTime, s = record.lastSeen,
    e = record.expiresAt, x = record.capAt, i = record.ip, a = record.userAgent, r = record.roles, h = token_hash}
end

-- A session as Java reads it (SessionRecord's JSON).
local function expanded(rec)
  return cjson.encode({userId = USER.u[1], username = USER.u[2] or USER.u[1], deviceType = rec.d, clientId = rec.c,
    loginTime = rec.l, lastSeen = rec.s, expiresAt = rec.e, capAt = rec.x, ip = rec.i, userAgent = rec.a,
    roles = rec.r})
end

-- Marks the live set changed: the record is written back and its version grows past now (ms).
local function live_changed(now)
  DIRTY = true
  USER.v = math.max((USER.v or 0) + 1, now + 1)
end

-- Makes keys live at least until the given time (ms).
local function keep_until(keys, now, until_ms)
  for _, key in ipairs(keys) do
    local left = redis.call('PTTL', key)
    if left == -1 or (left >= 0 and now + left < until_ms) then
      redis.call('PEXPIRE', key, until_ms - now)
    end
  end
end

-- Writes the user's record back if anything changed, to live as long as its last session's token
-- could be answered for (its cap plus one ttl); deleted when no session is live.
local function save_user(now, ttl)
  if not DIRTY then
    return
  end
  local last = 0
  for _, rec in pairs(USER.s) do last = math.max(last, rec.x + ttl) end
  if last <= now then
    redis.call('DEL', KEYS[1])
  else
    redis.call('SET', KEYS[1], cmsgpack.pack(USER), 'PX', string.format('%.0f', last - now))
  end
end

-- Reads the user's record (an empty one if none).
local function load_user()
  local packed = redis.call('GET', KEYS[1])
  USER = packed and cmsgpack.unpack(packed) or {u = {'', ''}, s = {}}
  return USER
end

-- Forgets a dead session entirely: tombstone, token pointer, and its tombstone index entry.
local function forget(sid)
  local token_hash = redis.call('HGET', KEYS[2], 'p:' .. sid)
  if token_hash then
    redis.call('HDEL', KEYS[2], 't:' .. token_hash)
  end
  redis.call('HDEL', KEYS[2], 'x:' .. sid, 'p:' .. sid)
  redis.call('ZREM', KEYS[3], sid)
end

-- Keeps at most max tombstones, forgetting those due first (the oldest logins).
local function trim_tombstones(max)
  local excess = redis.call('ZCARD', KEYS[3]) - max
  if excess > 0 then
    for _, sid in ipairs(redis.call('ZRANGE', KEYS[3], 0, math.min(excess, PRUNE_LIMIT) - 1)) do
      forget(sid)
    end
  end
end

-- Replaces a live session by its tombstone; the tombstone lives as long as the token could have,
-- unless more than max_tombstones pile up.
local function bury(sid, tombstone, ttl, max_tombstones, now)
  local rec = session_of(sid)
  set_live(sid, nil)
  live_changed(now)
  local fields = {'x:' .. sid, tombstone}
  if rec.h then
    table.insert(fields, 't:' .. rec.h)
    table.insert(fields, sid)
    table.insert(fields, 'p:' .. sid)
    table.insert(fields, rec.h)
  end
  redis.call('HSET', KEYS[2], unpack(fields))
  redis.call('ZADD', KEYS[3], rec.x + ttl, sid)
  keep_until({KEYS[2], KEYS[3]}, now, rec.x + ttl)
  trim_tombstones(max_tombstones)
end

-- Forgets tombstones past their time (a bounded number) and buries sessions past their expiry.
local function prune(now, ttl, max_tombstones)
  for _, sid in ipairs(redis.call('ZRANGEBYSCORE', KEYS[3], '-inf', now, 'LIMIT', 0, PRUNE_LIMIT)) do
    forget(sid)
  end
  local expired = {}
  for key, rec in pairs(USER.s) do
    if rec.e <= now then table.insert(expired, full_id(key)) end
  end
  table.sort(expired)
  for _, sid in ipairs(expired) do
    bury(sid, cjson.encode({code = 'EXPIRED'}), ttl, max_tombstones, now)
  end
end

-- Live sessions as {sid, raw (SessionRecord JSON), s (the record)} tables, oldest login first
-- (at most the per-user cap of them).
local function live_sessions()
  local sessions = {}
  for key, rec in pairs(USER.s) do
    table.insert(sessions, {sid = full_id(key), raw = expanded(rec), s = rec})
  end
  table.sort(sessions, function(a, b)
    if a.s.l == b.s.l then return a.sid < b.sid end
    return a.s.l < b.s.l
  end)
  return sessions
end

-- The live session whose token hashes to token_hash, or nil.
local function live_by_token(token_hash)
  for key, rec in pairs(USER.s) do
    if rec.h == token_hash then return full_id(key) end
  end
  return nil
end

-- A tombstone (JSON) with its 'at' set to now (ms), from Redis's clock.
local function stamped(tombstone, now)
  local t = cjson.decode(tombstone)
  t.at = clock_iso(now)
  return cjson.encode(t)
end

-- What the listing index keeps of the user now (index-user.lua): {version of the live set (`now`
-- with no live session), latest expiry (ms, 0 with none), sessions by device type as
-- 'type=count ...' ('' with none)}.
local function summary(now)
  local latest, by_type, types = 0, {}, {}
  for _, rec in pairs(USER.s) do
    latest = math.max(latest, rec.e)
    if not by_type[rec.d] then table.insert(types, rec.d) end
    by_type[rec.d] = (by_type[rec.d] or 0) + 1
  end
  table.sort(types)
  local counts = {}
  for _, device_type in ipairs(types) do table.insert(counts, device_type .. '=' .. by_type[device_type]) end
  return {string.format('%.0f', #types > 0 and USER.v or now), string.format('%.0f', latest), table.concat(counts, ' ')}
end
