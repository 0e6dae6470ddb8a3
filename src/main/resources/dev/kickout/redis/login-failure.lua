-- Counts one failed login against a username or a client address, in a window that starts with
-- the first failure and ends when the counter expires.
-- KEYS[1] the failure counter
-- ARGV[1] window (ms)
-- Returns {failures so far in the window, ms left in the window}
local failures = redis.call('INCR', KEYS[1])
if failures == 1 or redis.call('PTTL', KEYS[1]) < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
end
return {failures, redis.call('PTTL', KEYS[1])}
