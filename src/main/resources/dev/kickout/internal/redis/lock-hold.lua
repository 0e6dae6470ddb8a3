-- Lists a granted lock among its session's and user's holdings until the lock's expiry, in place of
-- the acquire's claim (after an acquire) or moving its time (after a heartbeat). A holding that is
-- not listed (its claim was a renewal whose holding left meanwhile, or a lost write) is listed only
-- within the caps, so the count never passes them.
-- KEYS: see lock-holdings-lib.lua
-- ARGV[1] sessionId, ARGV[2] type/id, ARGV[3] attempt id of the claim, or '' (heartbeat, renewal),
-- ARGV[4] the lock's expiry (ms), ARGV[5] locks per session, ARGV[6] locks per user
-- Returns 'LISTED' | 'SESSION' | 'USER' (not listed: that cap is full)
local now = clock_now()
local user_member = ARGV[1] .. ' ' .. ARGV[2]
if ARGV[3] ~= '' then
  redis.call('ZREM', KEYS[1], ARGV[2] .. '#' .. ARGV[3])
  redis.call('ZREM', KEYS[2], user_member .. '#' .. ARGV[3])
end
local expires = tonumber(ARGV[4])
local listed = redis.call('ZSCORE', KEYS[1], ARGV[2])
if not (listed and tonumber(listed) > now) then
  local over = over_cap(now, tonumber(ARGV[5]), tonumber(ARGV[6]))
  if over then
    return over
  end
end
if listed and tonumber(listed) > expires then
  expires = tonumber(listed)
end
redis.call('ZADD', KEYS[1], expires, ARGV[2])
redis.call('ZADD', KEYS[2], expires, user_member)
outlive(now, expires)
return 'LISTED'
