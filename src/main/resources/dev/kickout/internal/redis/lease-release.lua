-- Compare-and-delete: gives a lease up only for its owner, never another instance's lease.
-- KEYS[1] lease
-- ARGV[1] owner id
-- Returns 1 if released, 0 if the lease is not this owner's (any more)
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0
