-- Looks after a record's queue: a freed lock is reserved for the first in line, and a hand-over
-- request to a holder idle for ARGV[3] (0: never) is accepted on the holder's behalf once it has
-- waited that long. Called when a lock frees, and by the lock watch at the time it answered last.
-- With nobody in line when the lock freed, it also takes the sessions refused the lock within the
-- last lock TTL (lock-wait.lua remembered them), to be told it is available, in the same step.
-- KEYS: the lock's and its room's (lock-lib.lua, lock-queue-lib.lua), then the lock's waiters
-- ARGV[1] presence window (ms), ARGV[2] reservation (ms), ARGV[3] hand-over idle-after (ms), ARGV[4] ttl (ms),
-- ARGV[5] '1' to take the waiters when the queue is empty, else ''
-- Returns {'BUSY', next look (ms), state (HELD, RESERVED, RELEASING)} | {'EMPTY', waiter sessionId, ...}
-- | {'HANDED_OVER', requester, requestId, requester userId, view fields as a JSON object, turn...} | {turn...}
local now = clock_now()
local window = tonumber(ARGV[1])
local idle_after = tonumber(ARGV[3])
local held = redis.call('HMGET', KEYS[1], 'state', 'activeAt', 'expiresAt')
if held[1] then
  local next_look = now + math.max(redis.call('PTTL', KEYS[1]), 1)
  if held[1] == 'HELD' and idle_after > 0 then
    local oldest, oldest_at
    for i, value in ipairs(redis.call('HGETALL', KEYS[7])) do
      if i % 2 == 0 then
        local entry = cjson.decode(value)
        if not entry.answered and (not oldest_at or entry.at < oldest_at) then
          oldest, oldest_at = entry, entry.at
        end
      end
    end
    if oldest then
      local due = math.max(oldest_at, (tonumber(held[2]) or now)) + idle_after
      if due <= now then
        local released, reserved = hand_over(oldest.session, oldest, now, tonumber(ARGV[4]), window, tonumber(ARGV[2]))
        local result = {'HANDED_OVER', oldest.session, oldest.requestId, oldest.userId, cjson.encode(released)}
        for _, v in ipairs(turn(reserved)) do table.insert(result, v) end
        return result
      end
      next_look = math.min(next_look, due)
    end
  end
  return {'BUSY', int(next_look), held[1]}
end
local reserved = advance(now, window, tonumber(ARGV[2]))
if not reserved and redis.call('ZCARD', KEYS[4]) == 0 then
  local result = {'EMPTY'}
  if ARGV[5] == '1' then
    local waiters = KEYS[#KEYS]
    local recent = redis.call('ZRANGEBYSCORE', waiters, int(now - tonumber(ARGV[4])), '+inf')
    redis.call('DEL', waiters)
    for _, session in ipairs(recent) do table.insert(result, session) end
  end
  return result
end
return turn(reserved)
