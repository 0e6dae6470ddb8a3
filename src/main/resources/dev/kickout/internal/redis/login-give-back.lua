-- Gives reserved sign-in attempts back (a success from an address, or an attempt refused by a
-- later counter): each counter goes down by one, never below zero and never into a counter that
-- has expired meanwhile (which would outlive its window).
-- KEYS the counters (all in one slot)
-- Returns the number of counters given back to
local given = 0
for _, key in ipairs(KEYS) do
  if tonumber(redis.call('GET', key) or '0') > 0 then
    redis.call('DECR', key)
    given = given + 1
  end
end
return given
