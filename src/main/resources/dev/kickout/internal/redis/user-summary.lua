-- Tidies one user like prune-user.lua and answers only what the listing index keeps of them
-- (index-user.lua), without the sessions themselves.
-- KEYS[1..3] the user (user-lib.lua)
-- ARGV[1] ttl (ms), ARGV[2] tombstones per user at most
-- Returns {version of the live set (Redis's time with no live session), latest expiry (ms, 0 with
-- none), sessions by device type as 'type=count ...' ('' with none)}
local now = clock_now()
local ttl = tonumber(ARGV[1])
load_user()
prune(now, ttl, tonumber(ARGV[2]))
save_user(now, ttl)
return summary(now)
