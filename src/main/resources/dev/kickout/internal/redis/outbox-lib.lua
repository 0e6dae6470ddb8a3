-- Outbox helpers (prepended, after clock-lib.lua, to the deciding scripts, never run alone). A script that decides a
-- kick, a replacement or a force release writes, atomically with the decision, one outbox entry
-- in the outbox shard of its own slot: an entries hash (id -> entry JSON) and a due index
-- (id -> when a drainer may deliver it, Redis's clock in ms). The deciding instance delivers the
-- follow-ups and deletes the entry; if it cannot (it died, Redis timed out, an observer threw),
-- any instance's drainer delivers it once it is due. The shard keys expire max age after the
-- last write, so nothing stays if no drainer ever runs again.

-- Writes one entry: kind, the caller's context (JSON from the app: actor, reason, ...) and data
-- (a list of strings the script decided), due after grace_ms.
local function outbox_put(entries_key, due_key, id, kind, context, data, grace_ms, max_age_ms)
  local now = clock_now()
  redis.call('HSET', entries_key, id, cjson.encode({kind = kind, id = id, at = string.format('%.0f', now),
    context = context, data = data}))
  redis.call('ZADD', due_key, now + grace_ms, id)
  redis.call('PEXPIRE', entries_key, max_age_ms + grace_ms)
  redis.call('PEXPIRE', due_key, max_age_ms + grace_ms)
end

-- For the per-user scripts: an entry of kind 'S' naming each session just buried, as triples
-- (sessionId, record as it was, tombstone as stored), from a reply list of (sessionId, record)
-- pairs that starts at index first. Nothing is written when no session was buried.
-- Reads KEYS[2], the user's dead sessions (user-lib.lua); the last two KEYS are the outbox shard;
-- the last four ARGV are the outbox id, the context, the grace (ms) and the max age (ms).
local function outbox_sessions(pairs_list, first)
  local data = {}
  for i = first, #pairs_list - 1, 2 do
    local sid = pairs_list[i]
    table.insert(data, sid)
    table.insert(data, pairs_list[i + 1])
    table.insert(data, redis.call('HGET', KEYS[2], 'x:' .. sid) or '')
  end
  if #data > 0 then
    outbox_put(KEYS[#KEYS - 1], KEYS[#KEYS], ARGV[#ARGV - 3], 'S', ARGV[#ARGV - 2], data,
      tonumber(ARGV[#ARGV - 1]), tonumber(ARGV[#ARGV]))
  end
end
