-- Slides the lock's expiry for its holder only (token and session must both match), never past
-- the holding's cap; at the cap the lock ends as EXPIRED. The fence counter keeps outliving the
-- lock by one TTL.
-- ARGV[1] now (ms), ARGV[2] token hash, ARGV[3] sessionId, ARGV[4] ttl (ms)
-- Returns {'OK', field, value, ...} | {'LOST', reason, by, at} | {'HELD', field, value, ...}
local now = tonumber(ARGV[1])
local ttl = tonumber(ARGV[4])
if not holds(ARGV[2], ARGV[3]) then
  return refusal(ARGV[2])
end
local expires = math.min(now + ttl, tonumber(redis.call('HGET', KEYS[1], 'capAt')))
if expires <= now then
  mark_dead(ARGV[2], 'EXPIRED', '', now, ttl)
  redis.call('DEL', KEYS[1])
  return {'LOST', 'EXPIRED', '', ''}
end
redis.call('HSET', KEYS[1], 'lastHeartbeat', now, 'expiresAt', expires)
redis.call('PEXPIRE', KEYS[1], expires - now)
redis.call('PEXPIRE', KEYS[2], expires - now + ttl)
return with_view('OK')
