-- Shared by the scripts of a record's room (prepended after lock-lib.lua, never run alone).
-- KEYS[4] the queue (sessionId -> when it joined, ms), KEYS[5] the pages present (sessionId -> when
-- last seen, ms), KEYS[6] their names (sessionId -> {userId, username, since}), KEYS[7] hand-over
-- requests (requester sessionId -> {requestId, userId, username, message, at, holder, answered}).
-- The four expire one presence window after their last write.

local function keep(window)
  for i = 4, 7 do
    redis.call('PEXPIRE', KEYS[i], window)
  end
end

-- Forgets the pages not seen within the window (at most 100 per call), with their queue places.
local function prune_absent(now, window)
  local gone = redis.call('ZRANGEBYSCORE', KEYS[5], '-inf', '(' .. int(now - window), 'LIMIT', 0, 100)
  for _, session in ipairs(gone) do
    redis.call('ZREM', KEYS[5], session)
    redis.call('ZREM', KEYS[4], session)
    redis.call('HDEL', KEYS[6], session)
    redis.call('HDEL', KEYS[7], session)
  end
end

-- Marks a page present now, listing it while the record has room for one more (or knows it already).
local function be_present(session, user_id, username, now, max_viewers)
  if redis.call('ZSCORE', KEYS[5], session) or redis.call('ZCARD', KEYS[5]) < max_viewers then
    redis.call('ZADD', KEYS[5], now, session)
    redis.call('HSETNX', KEYS[6], session, cjson.encode({userId = user_id, username = username, since = now}))
  end
end

-- Reserves the freed lock for the first in the queue, who leaves the queue:
-- {sessionId, until} or nil when the lock is taken or reserved, or nobody waits.
local function advance(now, window, reservation)
  if redis.call('EXISTS', KEYS[1]) == 1 then
    return nil
  end
  prune_absent(now, window)
  local head = redis.call('ZRANGE', KEYS[4], 0, 0)[1]
  if not head then
    return nil
  end
  redis.call('ZREM', KEYS[4], head)
  local who = cjson.decode(redis.call('HGET', KEYS[6], head) or '{}')
  local ends = now + reservation
  redis.call('HSET', KEYS[1], 'state', 'RESERVED', 'sessionId', head, 'userId', who.userId or '',
    'username', who.username or '', 'reservedAt', int(now), 'expiresAt', int(ends))
  redis.call('PEXPIRE', KEYS[1], reservation)
  keep(window)
  return {head, int(ends)}
end

-- A freed lock's outcome for the caller: {'RESERVED', sessionId, until, waiter, ...} (the rest of the
-- queue in order, each told its new place) or {'FREE'}.
local function turn(reserved)
  if not reserved then
    return {'FREE'}
  end
  local result = {'RESERVED', reserved[1], reserved[2]}
  for _, session in ipairs(redis.call('ZRANGE', KEYS[4], 0, -1)) do
    table.insert(result, session)
  end
  return result
end

-- Ends the holding now for a hand-over to the requester of {@code entry} (a decoded request):
-- the token dies as HANDED_OVER and the lock is reserved for the requester ahead of the queue.
-- Returns the released lock's view fields.
local function hand_over(requester, entry, now, ttl, window, reservation)
  local released = view()
  local token = redis.call('HGET', KEYS[1], 'tokenHash')
  mark_dead(token, 'HANDED_OVER', entry.userId, now, ttl)
  redis.call('DEL', KEYS[1])
  entry.answered = true
  entry.accepted = true
  redis.call('HSET', KEYS[7], requester, cjson.encode(entry))
  redis.call('ZADD', KEYS[4], 0, requester)
  return released, advance(now, window, reservation)
end
