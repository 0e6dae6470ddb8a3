-- Shared by the lock scripts (prepended to them, never run alone).
-- KEYS[1] lock hash, KEYS[2] fence counter (expires one TTL after the lock),
-- KEYS[3] dead lock tokens (token hash -> why it died, expires one TTL after the last death)

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

-- Whether the token and session hold the lock right now.
local function holds(token_hash, session_id)
  local held = redis.call('HMGET', KEYS[1], 'state', 'tokenHash', 'sessionId')
  return held[1] == 'HELD' and held[2] == token_hash and held[3] == session_id
end

-- Why a token does not hold the lock: {'LOST', reason, by, at} or {'HELD', view...}.
local function refusal(token_hash)
  local dead = token_hash ~= '' and redis.call('HGET', KEYS[3], token_hash)
  if dead then
    local d = cjson.decode(dead)
    return {'LOST', d.reason, d.by or '', tostring(d.at)}
  end
  if redis.call('EXISTS', KEYS[1]) == 1 then
    local result = {'HELD'}
    for _, v in ipairs(view()) do table.insert(result, v) end
    return result
  end
  return {'LOST', 'EXPIRED', '', ''}
end

local function with_view(status)
  local result = {status}
  for _, v in ipairs(view()) do table.insert(result, v) end
  return result
end
