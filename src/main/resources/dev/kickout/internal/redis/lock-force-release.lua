-- An admin breaks a lock: the holder's token dies at once (FORCE_RELEASED, by the admin), so no
-- save can slip through; the lock then stays blocked for the grace period (the holder is told
-- first) and disappears, or disappears at once when the grace is 0.
-- ARGV[1] admin user id, ARGV[2] grace (ms), ARGV[3] ttl (ms)
-- Returns {'OK', field, value, ...} (the lock as it was, then 'releasedAt': Redis's time of this decision, ms)
-- | {'NOT_LOCKED'}
local now = clock_now()
local held = redis.call('HMGET', KEYS[1], 'state', 'tokenHash')
if held[1] ~= 'HELD' then
  return {'NOT_LOCKED'}
end
local released = with_view('OK')

-- Outbox: the follow-ups of this force release, written with it (outbox-lib.lua).
-- KEYS[4] outbox entries, KEYS[5] outbox due index (the outbox shard of the lock's slot);
-- the last four ARGV: outbox id, context (JSON: resource, admin, reason), grace (ms), max age (ms)
local outbox_data = {}
for i = 2, #released do
  table.insert(outbox_data, released[i])
end
outbox_put(KEYS[4], KEYS[5], ARGV[#ARGV - 3], 'L', ARGV[#ARGV - 2], outbox_data,
  tonumber(ARGV[#ARGV - 1]), tonumber(ARGV[#ARGV]))
mark_dead(held[2], 'FORCE_RELEASED', ARGV[1], now, tonumber(ARGV[3]))
local grace = tonumber(ARGV[2])
if grace > 0 then
  redis.call('HSET', KEYS[1], 'state', 'RELEASING', 'releasedBy', ARGV[1], 'releasedAt', now)
  redis.call('HDEL', KEYS[1], 'tokenHash')
  redis.call('PEXPIRE', KEYS[1], grace)
else
  redis.call('DEL', KEYS[1])
end
table.insert(released, 'releasedAt')
table.insert(released, string.format('%.0f', now))
return released
