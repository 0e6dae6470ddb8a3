-- Lifts a user's ban: from then on the user may sign in again.
-- KEYS[1] the user's ban
-- Returns {the ban as it was}, or {} when there was none (or it had ended).
local ban = redis.call('GET', KEYS[1])
if not ban then return {} end
redis.call('DEL', KEYS[1])
return {ban}
