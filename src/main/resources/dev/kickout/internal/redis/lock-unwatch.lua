-- The lock watch forgets a record it found with nothing to look after, unless someone re-listed it
-- since it read the entry (a join lists it with a new score).
-- KEYS[1] the watch list, ARGV[1] type/id, ARGV[2] the score read
-- Returns 1 when removed, else 0
local score = redis.call('ZSCORE', KEYS[1], ARGV[1])
if score and tonumber(score) == tonumber(ARGV[2]) then
  return redis.call('ZREM', KEYS[1], ARGV[1])
end
return 0
