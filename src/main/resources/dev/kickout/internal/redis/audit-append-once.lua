-- Appends audit entries, each unless an entry with the same delivery key was appended within the keep
-- time: an outbox entry delivered more than once (at least once) still makes one audit entry. Several
-- entries of one shard (a user's revoked sessions) go in one call.
-- KEYS[1..3] as audit-append.lua, KEYS[4] delivery keys (zset: key -> when appended, ms), all in the
-- audit shard the delivery keys pick, so the same key always meets its own dedup set
-- ARGV[1] keep time (ms), ARGV[2] retention (ms), ARGV[3] activity capacity of the shard, ARGV[4] the
-- shard, ARGV[5] the number of shards, then for each entry: its delivery key, '1' for a force action,
-- the count of the field arguments that follow, then field name, value, ...
-- Returns one value per entry, in order: its id and time (ms) with a space between, or '' when its key
-- was already delivered
local keep = tonumber(ARGV[1])
local now = audit_now()
redis.call('ZREMRANGEBYSCORE', KEYS[4], '-inf', now - keep)
local replies = {}
local at = 6
while at <= #ARGV do
  local key, force, count = ARGV[at], ARGV[at + 1] == '1', tonumber(ARGV[at + 2])
  if redis.call('ZSCORE', KEYS[4], key) then
    table.insert(replies, '')
  else
    local fields = {}
    for i = at + 3, at + 2 + count do
      table.insert(fields, ARGV[i])
    end
    local id, appended = audit_append(force, tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4]),
      tonumber(ARGV[5]), fields)
    redis.call('ZADD', KEYS[4], now, key)
    table.insert(replies, id .. ' ' .. string.format('%.0f', appended))
  end
  at = at + 3 + count
end
redis.call('PEXPIRE', KEYS[4], keep)
return replies
