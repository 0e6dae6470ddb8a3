-- Authenticates one request in one round trip: finds the token's session, slides its expiry
-- (never past the absolute cap) and, for a dead token, says why. A session found past its
-- expiry is buried on the spot, so it is reported expired exactly once; a tombstone found past
-- its time is forgotten on the spot, so its token is unknown from then on.
-- KEYS[1] user hash, KEYS[2] live index, KEYS[3] tombstone index,
-- KEYS[4] the token's pointer key as written before pointers moved into the user hash (read only,
-- so that tokens issued before an upgrade keep working; those keys expire on their own)
-- ARGV[1] session ttl (ms), ARGV[2] token hash, ARGV[3] tombstones per user at most
-- Returns {'OK', sessionId, record} | {'EXPIRED', sessionId, record} | {'REVOKED', tombstone} | {'INVALID'}
local sid = redis.call('HGET', KEYS[1], 't:' .. ARGV[2]) or redis.call('GET', KEYS[4])
if not sid then
  return {'INVALID'}
end
local now = clock_now()
local raw = redis.call('HGET', KEYS[1], 's:' .. sid)
if raw then
  local s = cjson.decode(raw)
  if s.expiresAt <= now then
    bury(sid, raw, cjson.encode({code = 'EXPIRED'}), tonumber(ARGV[1]), tonumber(ARGV[3]))
    return {'EXPIRED', sid, raw}
  end
  s.lastSeen = now
  s.expiresAt = math.min(now + tonumber(ARGV[1]), s.capAt)
  raw = cjson.encode(s)
  redis.call('HSET', KEYS[1], 's:' .. sid, raw)
  redis.call('ZADD', KEYS[2], s.expiresAt, sid)
  return {'OK', sid, raw}
end
local tombstone = redis.call('HGET', KEYS[1], 'x:' .. sid)
if tombstone then
  local due = redis.call('ZSCORE', KEYS[3], sid)
  if due and tonumber(due) <= now then
    forget(sid)
    return {'INVALID'}
  end
  return {'REVOKED', tombstone}
end
return {'INVALID'}
