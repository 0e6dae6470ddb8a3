-- Gives reserved sign-in attempts back (a success from an address, or an attempt refused by a
-- later counter): each counter goes down by one, never below zero and never into a counter that
-- has expired meanwhile (which would outlive its window). A counter given back to zero is deleted,
-- so that an attempt refused by another counter leaves no key behind.
-- KEYS the counters (all in one slot)
-- Returns the number of counters given back to
local given = 0
for _, key in ipairs(KEYS) do
  local n = tonumber(redis.call('GET', key) or '0')
  if n == 1 then
    redis.call('DEL', key)
    given = given + 1
  elseif n > 1 then
    redis.call('DECR', key)
    given = given + 1
  end
end
return given
