-- Extends a lease only for its owner: a lease held by anyone else is left exactly as it is.
-- KEYS[1] lease
-- ARGV[1] owner id, ARGV[2] lease time (ms)
-- Returns 1 if renewed, 0 if the lease is not this owner's (any more)
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('PEXPIRE', KEYS[1], tonumber(ARGV[2]))
end
return 0
