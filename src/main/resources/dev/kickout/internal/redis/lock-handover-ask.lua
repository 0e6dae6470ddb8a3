-- A waiter asks the holder to hand the lock over, with a short message: one request at a time per
-- requester, and none within the cool-down after its last was answered.
-- ARGV[1] sessionId, ARGV[2] userId, ARGV[3] username, ARGV[4] requestId, ARGV[5] message,
-- ARGV[6] cool-down (ms), ARGV[7] presence window (ms)
-- Returns {'OK', holder sessionId, holder userId} | {'NOT_LOCKED'} | {'NOT_WAITING'}
-- | {'TOO_SOON', retry after (ms)}
local now = clock_now()
local held = redis.call('HMGET', KEYS[1], 'state', 'sessionId', 'userId')
if held[1] ~= 'HELD' then
  return {'NOT_LOCKED'}
end
if not redis.call('ZSCORE', KEYS[4], ARGV[1]) then
  return {'NOT_WAITING'}
end
local prior = redis.call('HGET', KEYS[7], ARGV[1])
if prior then
  local p = cjson.decode(prior)
  if not p.answered then
    return {'TOO_SOON', int(math.max(1, tonumber(ARGV[6])))}
  end
  local wait = p.at + tonumber(ARGV[6]) - now
  if wait > 0 then
    return {'TOO_SOON', int(wait)}
  end
end
redis.call('HSET', KEYS[7], ARGV[1], cjson.encode({session = ARGV[1], requestId = ARGV[4], userId = ARGV[2],
  username = ARGV[3], message = ARGV[5], at = now, holder = held[2]}))
keep(tonumber(ARGV[7]))
return {'OK', held[2], held[3]}
