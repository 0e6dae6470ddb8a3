-- A successful sign-in of one username: clears the failure counters of the way it came in (from a
-- known device: that device's; else the username's at this address and over all addresses, never
-- a known device's), and the device it signed in from becomes (or stays) a known device of this
-- username for the device lifetime.
-- KEYS[1] the known device to record (its cookie's hash), KEYS[2..] the failure counters to clear
-- ARGV[1] device lifetime (ms), or '' to record no device (a sign-in that cannot carry a cookie)
-- Returns 1
for i = 2, #KEYS do
  redis.call('DEL', KEYS[i])
end
if ARGV[1] ~= '' then
  redis.call('SET', KEYS[1], '1', 'PX', ARGV[1])
end
return 1
