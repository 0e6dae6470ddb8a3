-- Reserves one sign-in attempt from one client address, whatever the username, atomically: the
-- counter is compared with its limit and counted up in the same step, so however many attempts
-- arrive at once, no more pass than the limit allows. A refused attempt counts nothing. The window
-- starts with its first count.
-- KEYS[1] failures of the address
-- ARGV[1] window (ms), ARGV[2] max per address
-- Returns {failures counted with this attempt, 0} | {0, ms left in the window} when refused
if tonumber(redis.call('GET', KEYS[1]) or '0') >= tonumber(ARGV[2]) then
  return {0, redis.call('PTTL', KEYS[1])}
end
local n = redis.call('INCR', KEYS[1])
if n == 1 or redis.call('PTTL', KEYS[1]) < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
end
return {n, 0}
