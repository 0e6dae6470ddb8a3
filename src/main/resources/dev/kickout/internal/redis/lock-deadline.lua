-- The lock watch's look at one held lock whose deadline no heartbeat moves (inactivity or max-hold)
-- is near: within the warning, the holder is warned once per deadline; at the deadline (the watch
-- calls then; the key outlives it by five seconds, see linger()), a lock at its inactivity deadline is
-- released as IDLE and one at its cap as EXPIRED, its token dead at once, like any other release.
-- ARGV[1] ttl (ms), ARGV[2] warning (ms), ARGV[3] '1' to release a lock whose deadline has come
-- Returns {'RELEASED', field, value, ..., 'reason', IDLE|MAX_HOLD, 'releasedAt', ms}
-- | {'WARN', field, value, ..., 'reason', IDLE|MAX_HOLD, 'deadline', ms} | {'NONE', deadline or ''}
local now = clock_now()
local held = redis.call('HMGET', KEYS[1], 'state', 'tokenHash', 'warnedFor')
if held[1] ~= 'HELD' then
  return {'NONE', ''}
end
local due, reason = deadline()
if ARGV[3] == '1' and due <= now then
  local released = with_view('RELEASED')
  mark_dead(held[2], reason == 'IDLE' and 'IDLE' or 'EXPIRED', '', now, tonumber(ARGV[1]))
  redis.call('DEL', KEYS[1])
  table.insert(released, 'reason')
  table.insert(released, reason)
  table.insert(released, 'releasedAt')
  table.insert(released, int(now))
  return released
end
if due - now <= tonumber(ARGV[2]) and held[3] ~= int(due) then
  redis.call('HSET', KEYS[1], 'warnedFor', int(due))
  local warned = with_view('WARN')
  table.insert(warned, 'reason')
  table.insert(warned, reason)
  table.insert(warned, 'deadline')
  table.insert(warned, int(due))
  return warned
end
return {'NONE', int(due)}
