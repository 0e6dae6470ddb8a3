-- Helpers of the audit scripts (prepended to them). KEYS[1] the force-action stream, KEYS[2] the
-- activity stream, KEYS[3] the id sequence (hash {ms, seq}) of ONE audit shard; all share its hash tag.
-- Ids come from ONE sequence over both streams of the shard: time-based (Redis's own TIME, so
-- trimming by MINID means "by age"; clock-lib.lua) and strictly increasing across the two. The
-- sequence part of an id is seq * shards + shard, so ids of different shards never collide: a
-- reader merges every stream of every shard by id, and one id is an unambiguous paging cursor.

local audit_now = clock_now

local function audit_id_parts(id)
  local dash = string.find(id, '-', 1, true)
  return tonumber(string.sub(id, 1, dash - 1)), tonumber(string.sub(id, dash + 1))
end

-- The last (ms, seq) handed out; recovered from the streams' tops if the sequence key was lost.
local function audit_last(shards)
  local last = redis.call('HMGET', KEYS[3], 'ms', 'seq')
  if last[1] then
    return tonumber(last[1]), tonumber(last[2])
  end
  local ms, seq = -1, 0
  for i = 1, 2 do
    local top = redis.call('XREVRANGE', KEYS[i], '+', '-', 'COUNT', 1)
    if top[1] then
      local m, s = audit_id_parts(top[1][1])
      s = math.floor(s / shards)
      if m > ms or (m == ms and s > seq) then
        ms, seq = m, s
      end
    end
  end
  return ms, seq
end

-- Appends fields (a flat name, value list) to the force stream or the activity stream of shard
-- `shard` of `shards`, then trims: both streams by age (older than now - retention), the activity
-- stream also by count (capacity: this shard's share). Returns the new id and the time it was written (ms).
local function audit_append(force, retention_ms, capacity, shard, shards, fields)
  local now = audit_now()
  local ms, seq = audit_last(shards)
  if ms >= now then
    seq = seq + 1
  else
    ms, seq = now, 0
  end
  redis.call('HSET', KEYS[3], 'ms', string.format('%.0f', ms), 'seq', string.format('%.0f', seq))
  local id = string.format('%.0f-%.0f', ms, seq * shards + shard)
  local target = force and KEYS[1] or KEYS[2]
  local args = {'XADD', target, id, 'at', string.format('%.0f', now)}
  for _, value in ipairs(fields) do
    table.insert(args, value)
  end
  redis.call(unpack(args))
  local min_id = string.format('%.0f-0', now - retention_ms)
  redis.call('XTRIM', KEYS[1], 'MINID', '=', min_id)
  redis.call('XTRIM', KEYS[2], 'MINID', '=', min_id)
  redis.call('XTRIM', KEYS[2], 'MAXLEN', '=', capacity)
  return id, now
end
