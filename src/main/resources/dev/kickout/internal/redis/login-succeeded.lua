-- A successful sign-in of one username: clears the failure counters of the way it came in (from a
-- known device: that device's; else the username's at this address and over all addresses, never
-- a known device's), and the device it signed in from becomes (or stays) a known device of this
-- username for the device lifetime. A username keeps at most so many known devices: one more
-- forgets the one whose last sign-in is the oldest, so the set stays bounded whatever the clients do.
-- KEYS[1] the username's known devices (zset: cookie hash -> until when, ms), KEYS[2..] the failure
-- counters to clear
-- ARGV[1] device lifetime (ms), or '' to record no device (a sign-in that cannot carry a cookie),
-- ARGV[2] the device cookie's hash, ARGV[3] known devices per username at most
-- Returns 1
for i = 2, #KEYS do
  redis.call('DEL', KEYS[i])
end
if ARGV[1] ~= '' then
  local now = clock_now()
  local lifetime = tonumber(ARGV[1])
  redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
  redis.call('ZADD', KEYS[1], now + lifetime, ARGV[2])
  local over = redis.call('ZCARD', KEYS[1]) - tonumber(ARGV[3])
  if over > 0 then
    redis.call('ZREMRANGEBYRANK', KEYS[1], 0, over - 1)
  end
  redis.call('PEXPIRE', KEYS[1], lifetime)
end
return 1
