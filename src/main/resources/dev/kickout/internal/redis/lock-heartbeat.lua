-- Slides the lock's expiry for its holder only (token and session must both match), never past
-- the holding's cap; at the cap the lock ends as EXPIRED. The fence counter keeps outliving the
-- lock by one TTL.
-- A heartbeat also says how long the person on the page has been inactive: the holder's last
-- activity (activeAt) moves to now minus that, never back; with idle release on, the lock ends at
-- idleAt = activeAt + the idle timeout, which no heartbeat without activity moves. A heartbeat that
-- finds that time passed ends the lock as IDLE.
-- ARGV[1] token hash, ARGV[2] sessionId, ARGV[3] ttl (ms), ARGV[4] inactive for (ms; -1: active now),
-- ARGV[5] idle timeout (ms, 0: off)
-- Returns {'OK', field, value, ...} | {'LOST', reason, by, at} | {'HELD', field, value, ...}
local now = clock_now()
local ttl = tonumber(ARGV[3])
local idle = tonumber(ARGV[5])
if not holds(ARGV[1], ARGV[2]) then
  return refusal(ARGV[1])
end
local f = redis.call('HMGET', KEYS[1], 'capAt', 'activeAt')
local cap = tonumber(f[1])
local inactive = tonumber(ARGV[4])
local active = math.max(tonumber(f[2]) or 0, inactive < 0 and now or now - inactive)
local idle_at = idle > 0 and active + idle or nil
local expires = math.min(now + ttl, cap, idle_at or cap)
if expires <= now then
  local reason = idle_at and idle_at <= cap and 'IDLE' or 'EXPIRED'
  mark_dead(ARGV[1], reason, '', now, ttl)
  redis.call('DEL', KEYS[1])
  return {'LOST', reason, '', tostring(now)}
end
redis.call('HSET', KEYS[1], 'lastHeartbeat', now, 'expiresAt', expires, 'activeAt', int(active))
if idle_at then
  redis.call('HSET', KEYS[1], 'idleAt', int(idle_at))
end
redis.call('PEXPIRE', KEYS[1], expires - now + linger(expires, idle_at, cap))
redis.call('PEXPIRE', KEYS[2], expires - now + ttl)
return with_view('OK')
