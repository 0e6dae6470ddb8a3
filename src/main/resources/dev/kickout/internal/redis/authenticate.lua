-- Authenticates one request in one round trip: finds the token's session, slides its expiry
-- (never past the absolute cap) and, for a dead token, says why. A session found past its
-- expiry is buried on the spot, so it is reported expired exactly once; a tombstone found past
-- its time is forgotten on the spot, so its token is unknown from then on.
-- KEYS[1] the user's record, KEYS[2] dead sessions, KEYS[3] tombstone index (user-lib.lua)
-- ARGV[1] session ttl (ms), ARGV[2] token hash, ARGV[3] tombstones per user at most
-- Returns {'OK', sessionId, record} | {'EXPIRED', sessionId, record} | {'REVOKED', tombstone} | {'INVALID'}
local now = clock_now()
local ttl = tonumber(ARGV[1])
load_user()
local sid = live_by_token(ARGV[2])
if sid then
  local rec = session_of(sid)
  local raw = expanded(rec)
  if rec.e <= now then
    bury(sid, cjson.encode({code = 'EXPIRED'}), ttl, tonumber(ARGV[3]), now)
    save_user(now, ttl)
    return {'EXPIRED', sid, raw}
  end
  rec.s = now
  rec.e = math.min(now + ttl, rec.x)
  DIRTY = true
  save_user(now, ttl)
  return {'OK', sid, expanded(rec)}
end
sid = redis.call('HGET', KEYS[2], 't:' .. ARGV[2])
if not sid then
  return {'INVALID'}
end
local tombstone = redis.call('HGET', KEYS[2], 'x:' .. sid)
if tombstone then
  local due = redis.call('ZSCORE', KEYS[3], sid)
  if due and tonumber(due) <= now then
    forget(sid)
    return {'INVALID'}
  end
  return {'REVOKED', tombstone}
end
return {'INVALID'}
