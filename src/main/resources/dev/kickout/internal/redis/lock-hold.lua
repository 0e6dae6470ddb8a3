-- Lists a granted lock among its session's and user's holdings until the lock's expiry, in place of
-- the acquire's claim (after an acquire) or moving its time (after a heartbeat). A holding that is
-- not listed (its claim was a renewal whose holding left meanwhile, or a lost write) is listed only
-- within the caps, so the count never passes them.
-- KEYS: see lock-holdings-lib.lua
-- ARGV[1] sessionId, ARGV[2] type/id, ARGV[3] attempt id of the claim, or '' (heartbeat, renewal),
-- ARGV[4] the lock's expiry (ms), ARGV[5] locks per session, ARGV[6] locks per user,
-- ARGV[7] how ARGV[4] is read (optional): 'beat' beside a heartbeat's lock script, which may yet refuse
-- it: Redis's now plus ARGV[4] ms (the soonest the lock can end from now on) less ARGV[8] ms (for the
-- clocks of the lock's and the holdings' masters, so that the release's unlisting, which forgets
-- entries no newer than the lock's expiry, finds it); 'set' the lock's exact expiry, even when lower.
-- 'acquired' beside the acquire's lock script, after it in one batch (off a Cluster): KEYS[3] the lock,
-- ARGV[9] the new token's hash; the holding until the lock's expiry if the acquire granted it to that
-- token, else the claim is dropped and the answer is 'NOT_GRANTED'.
-- Otherwise the entry's time only grows.
-- Returns 'LISTED' (it was listed and live) | 'ADDED' (it was not) | 'SESSION' | 'USER' (not listed:
-- that cap is full) | 'NOT_GRANTED'
local now = clock_now()
local user_member = ARGV[1] .. ' ' .. ARGV[2]
if ARGV[3] ~= '' then
  redis.call('ZREM', KEYS[1], ARGV[2] .. '#' .. ARGV[3])
  redis.call('ZREM', KEYS[2], user_member .. '#' .. ARGV[3])
end
local mode = ARGV[7] or ''
local expires = tonumber(ARGV[4])
if mode == 'acquired' then
  local lock = redis.call('HMGET', KEYS[3], 'state', 'sessionId', 'tokenHash', 'expiresAt')
  if lock[1] ~= 'HELD' or lock[2] ~= ARGV[1] or lock[3] ~= ARGV[9] then
    return 'NOT_GRANTED'
  end
  expires = tonumber(lock[4])
end
if mode == 'beat' then
  expires = now + expires - tonumber(ARGV[8])
  if expires <= now then
    return 'LISTED' -- the heartbeat ends the lock (idle), or nearly: nothing to move
  end
end
local listed = redis.call('ZSCORE', KEYS[1], ARGV[2])
local live = listed and tonumber(listed) > now
if not live then
  local over = over_cap(now, tonumber(ARGV[5]), tonumber(ARGV[6]))
  if over then
    return over
  end
end
if listed and mode ~= 'set' and tonumber(listed) > expires then
  expires = tonumber(listed)
end
redis.call('ZADD', KEYS[1], expires, ARGV[2])
redis.call('ZADD', KEYS[2], expires, user_member)
outlive(now, expires)
return live and 'LISTED' or 'ADDED'
