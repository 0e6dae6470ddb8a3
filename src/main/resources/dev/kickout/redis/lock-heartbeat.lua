-- Slides the lock's expiry for its holder only (token and session must both match), never past
-- the holding's cap; at the cap the lock ends as EXPIRED. The fence counter keeps outliving the
-- lock by one TTL.
-- ARGV[1] token hash, ARGV[2] sessionId, ARGV[3] ttl (ms)
-- Returns {'OK', field, value, ...} | {'LOST', reason, by, at} | {'HELD', field, value, ...}
local now = clock_now()
local ttl = tonumber(ARGV[3])
if not holds(ARGV[1], ARGV[2]) then
  return refusal(ARGV[1])
end
local expires = math.min(now + ttl, tonumber(redis.call('HGET', KEYS[1], 'capAt')))
if expires <= now then
  mark_dead(ARGV[1], 'EXPIRED', '', now, ttl)
  redis.call('DEL', KEYS[1])
  return {'LOST', 'EXPIRED', '', ''}
end
redis.call('HSET', KEYS[1], 'lastHeartbeat', now, 'expiresAt', expires)
redis.call('PEXPIRE', KEYS[1], expires - now)
redis.call('PEXPIRE', KEYS[2], expires - now + ttl)
return with_view('OK')
