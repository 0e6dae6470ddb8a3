-- Forgets locks in the admin index (a zset: type/id -> expiry in ms) with their holdings,
-- each only while its entry is no newer than the holding it belongs to: a newer holding of the same
-- resource, indexed between the caller's read and this call, keeps its entry.
-- KEYS[1] locks index, KEYS[2] its holdings (see lock-index.lua)
-- ARGV pairs: type/id, expiry (ms) of the holding being forgotten
-- Returns the number of entries removed
local removed = 0
for i = 1, #ARGV, 2 do
  local score = redis.call('ZSCORE', KEYS[1], ARGV[i])
  if score and tonumber(score) <= tonumber(ARGV[i + 1]) then
    removed = removed + redis.call('ZREM', KEYS[1], ARGV[i])
    redis.call('HDEL', KEYS[2], ARGV[i])
  end
end
return removed
