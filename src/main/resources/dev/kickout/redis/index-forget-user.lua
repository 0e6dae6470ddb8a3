-- Removes a user from the users listing index only if its score is still the one the caller read
-- (compare-and-remove): a login that re-added the user meanwhile, with a new expiry, wins over a
-- tidy that found no live session a moment before.
-- KEYS[1] users index
-- ARGV[1] user tag, ARGV[2] the score read
-- Returns {1} if removed, {0} if the entry changed or is gone.
local score = redis.call('ZSCORE', KEYS[1], ARGV[1])
if score and tonumber(score) == tonumber(ARGV[2]) then
  return {redis.call('ZREM', KEYS[1], ARGV[1])}
end
return {0}
