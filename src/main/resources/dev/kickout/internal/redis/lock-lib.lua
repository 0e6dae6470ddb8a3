-- Shared by the lock scripts (prepended to them, never run alone).
-- KEYS[1] lock hash, KEYS[2] fence counter (expires one TTL after the lock),
-- KEYS[3] dead lock tokens (token hash -> why it died, expires one TTL after the last death)

-- A number as Redis keeps it: an integer's digits, never an exponent.
local function int(n)
  return string.format('%.0f', n)
end

-- The deadline no heartbeat moves, and its kind: a release for inactivity (idleAt, 'IDLE') or the
-- holding's cap ('MAX_HOLD'), whichever comes first.
local function deadline()
  local f = redis.call('HMGET', KEYS[1], 'idleAt', 'capAt')
  local idle, cap = tonumber(f[1]), tonumber(f[2])
  if idle and idle <= cap then
    return idle, 'IDLE'
  end
  return cap, 'MAX_HOLD'
end

-- How long past a lock's expiry its key lives: a lock that ends at its inactivity or max-hold deadline
-- is released by the lock watch at that deadline (so the holder is told why, and the queue moves on),
-- and its key outlives the deadline by five seconds in case the watch is late (a busy instance), so
-- that a heartbeat then still learns the lock ended for inactivity, not that it timed out; a lock that
-- would only time out (no heartbeat) goes with its key.
local function linger(expires, idle_at, cap)
  if expires == cap or (idle_at and expires == idle_at) then
    return 5000
  end
  return 0
end

-- Remembers why a lock token stopped working, for as long as a lock could live.
local function mark_dead(token_hash, reason, by, now, ttl)
  redis.call('HSET', KEYS[3], token_hash, cjson.encode({reason = reason, by = by, at = now}))
  redis.call('PEXPIRE', KEYS[3], ttl)
end

-- The lock's fields as a flat list (name, value, ...), without the token hash.
local function view()
  local fields = redis.call('HGETALL', KEYS[1])
  local out = {}
  for i = 1, #fields, 2 do
    if fields[i] ~= 'tokenHash' then
      table.insert(out, fields[i])
      table.insert(out, fields[i + 1])
    end
  end
  return out
end

local function with_view(status)
  local result = {status}
  for _, v in ipairs(view()) do table.insert(result, v) end
  return result
end

-- Whether the token and session hold the lock right now.
local function holds(token_hash, session_id)
  local held = redis.call('HMGET', KEYS[1], 'state', 'tokenHash', 'sessionId')
  return held[1] == 'HELD' and held[2] == token_hash and held[3] == session_id
end

-- Why a token does not hold the lock: {'LOST', reason, by, at}, {'HELD', view...} or, between
-- holdings, {'RESERVED', view...} (the first in the queue may take it until expiresAt).
local function refusal(token_hash)
  local dead = token_hash ~= '' and redis.call('HGET', KEYS[3], token_hash)
  if dead then
    local d = cjson.decode(dead)
    return {'LOST', d.reason, d.by or '', tostring(d.at)}
  end
  local state = redis.call('HGET', KEYS[1], 'state')
  if state then
    return with_view(state == 'RESERVED' and 'RESERVED' or 'HELD')
  end
  return {'LOST', 'EXPIRED', '', ''}
end
