-- Appends one audit entry unless an entry with the same delivery key was appended within the
-- keep time: an outbox entry delivered more than once (at least once) still makes one audit entry.
-- KEYS[1..3] as audit-append.lua, KEYS[4] delivery keys (zset: key -> when appended, ms), all in the
-- audit shard the delivery key picks, so the same key always meets its own dedup set
-- ARGV[1] delivery key, ARGV[2] keep time (ms), ARGV[3] '1' for a force action,
-- ARGV[4] retention (ms), ARGV[5] activity capacity of the shard, ARGV[6] the shard,
-- ARGV[7] the number of shards, ARGV[8..] field name, value, ...
-- Returns {id, at (ms)}, or {} when the key was already delivered
local keep = tonumber(ARGV[2])
local now = audit_now()
redis.call('ZREMRANGEBYSCORE', KEYS[4], '-inf', now - keep)
if redis.call('ZSCORE', KEYS[4], ARGV[1]) then
  return {}
end
local fields = {}
for i = 8, #ARGV do
  table.insert(fields, ARGV[i])
end
local id, at = audit_append(ARGV[3] == '1', tonumber(ARGV[4]), tonumber(ARGV[5]), tonumber(ARGV[6]),
  tonumber(ARGV[7]), fields)
redis.call('ZADD', KEYS[4], now, ARGV[1])
redis.call('PEXPIRE', KEYS[4], keep)
return {id, string.format('%.0f', at)}
