-- A successful sign-in of one username: clears the failure counters of the way it came in, and the
-- device it signed in from becomes (or stays) a known device of this username for the device
-- lifetime. From a known device: that device's failures. Else the username's at this address, and as
-- many of the username's over all addresses: the failures other addresses added stay, so an owner
-- who signs in during a spread attack does not give the attackers a fresh budget. A username keeps at
-- most so many known devices: one more forgets the one whose last sign-in is the oldest, so the set
-- stays bounded whatever the clients do.
-- KEYS[1] the username's known devices (zset: cookie hash -> until when, ms); DEVICE: KEYS[2] the
-- device's failures; CLIENT: KEYS[2] the username's failures, KEYS[3] the username's at this address
-- ARGV[1] device lifetime (ms), or '' to record no device (a sign-in that cannot carry a cookie),
-- ARGV[2] the device cookie's hash, ARGV[3] known devices per username at most, ARGV[4] 'DEVICE' or 'CLIENT'
-- Returns 1
if ARGV[4] == 'CLIENT' then
  local here = tonumber(redis.call('GET', KEYS[3]) or '0')
  if tonumber(redis.call('GET', KEYS[2]) or '0') <= here then
    redis.call('DEL', KEYS[2])
  elseif here > 0 then
    redis.call('DECRBY', KEYS[2], here)
  end
  redis.call('DEL', KEYS[3])
else
  redis.call('DEL', KEYS[2])
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
