-- Lists a lock in the admin index (a zset: type/id -> the lock's expiry in ms) beside its holding (a
-- hash: type/id -> a digest of the holding's token hash and session id, in the same slot), so that a
-- heartbeat or a release, which runs its index step beside the lock's script rather than after it,
-- moves or forgets only the entry of the holding whose token and session it presents. Scores only
-- grow (ZADD GT), except where a holding's exact expiry is set.
-- KEYS[1] locks index, KEYS[2] its holdings
-- ARGV[1] type/id, ARGV[2] the holding's digest, ARGV[3] mode, ARGV[4] ms:
--   'list' (after an acquire or renewal): records the holding, scores the entry ARGV[4] (expiry);
--   'set' (the exact expiry after a heartbeat): the same, the score set even when lower;
--   'beat' (a heartbeat, beside the lock's script): only for the recorded holding, scores the entry
--   Redis's now plus ARGV[4] (the soonest the lock can end from now on: TTL or idle release);
--   'unlist' (a release, beside the lock's script): forgets the entry, only for the recorded holding;
--   'acquired' (after the acquire's lock script in one batch, off a Cluster: KEYS[3] the lock, ARGV[5]
--   the new token's hash, ARGV[6] its session): as 'list' at the lock's expiry, if the acquire granted
--   the lock to that token (else nothing, and 0).
-- Returns the entry's score (for 'unlist' 1), or 0 when a 'beat' or 'unlist' presented another
-- holding (or none is recorded)
local member, holding, mode = ARGV[1], ARGV[2], ARGV[3]
local score = tonumber(ARGV[4])
if mode == 'acquired' then
  local lock = redis.call('HMGET', KEYS[3], 'state', 'sessionId', 'tokenHash', 'expiresAt')
  if lock[1] ~= 'HELD' or lock[2] ~= ARGV[6] or lock[3] ~= ARGV[5] then
    return 0
  end
  score = tonumber(lock[4])
end
if mode == 'beat' or mode == 'unlist' then
  if redis.call('HGET', KEYS[2], member) ~= holding then
    return 0
  end
  if mode == 'unlist' then
    redis.call('ZREM', KEYS[1], member)
    redis.call('HDEL', KEYS[2], member)
    return 1
  end
  score = clock_now() + score
  redis.call('ZADD', KEYS[1], 'GT', score, member)
  return score
end
redis.call('HSET', KEYS[2], member, holding)
if mode == 'set' then
  redis.call('ZADD', KEYS[1], score, member)
else
  redis.call('ZADD', KEYS[1], 'GT', score, member)
end
return score
