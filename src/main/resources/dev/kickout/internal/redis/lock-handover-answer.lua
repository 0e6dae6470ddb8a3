-- The holder answers a hand-over request (holder only: token and session must both match). Accept
-- ends the holding at once (nothing is saved; the token dies as HANDED_OVER, by the requester) and
-- reserves the lock for the requester ahead of the queue; decline only marks the request answered.
-- ARGV[1] token hash, ARGV[2] holder sessionId, ARGV[3] requestId, ARGV[4] '1' to accept,
-- ARGV[5] ttl (ms), ARGV[6] presence window (ms), ARGV[7] reservation (ms)
-- Returns {'LOST', reason, by, at} | {'HELD', field, value, ...} | {'RESERVED', ...} | {'NO_REQUEST'}
-- | {'DECLINED', requester} | {'ACCEPTED', requester, requester userId, view fields as a JSON object, turn...}
local now = clock_now()
if not holds(ARGV[1], ARGV[2]) then
  return refusal(ARGV[1])
end
local requester, entry
for i, value in ipairs(redis.call('HGETALL', KEYS[7])) do
  if i % 2 == 0 then
    local e = cjson.decode(value)
    if e.requestId == ARGV[3] and not e.answered and e.holder == ARGV[2] then
      entry = e
      requester = e.session
    end
  end
end
if not entry then
  return {'NO_REQUEST'}
end
if ARGV[4] ~= '1' then
  entry.answered = true
  entry.at = now
  redis.call('HSET', KEYS[7], requester, cjson.encode(entry))
  return {'DECLINED', requester}
end
entry.at = now
local released, reserved = hand_over(requester, entry, now, tonumber(ARGV[5]), tonumber(ARGV[6]), tonumber(ARGV[7]))
local result = {'ACCEPTED', requester, entry.userId, cjson.encode(released)}
for _, v in ipairs(turn(reserved)) do table.insert(result, v) end
return result
