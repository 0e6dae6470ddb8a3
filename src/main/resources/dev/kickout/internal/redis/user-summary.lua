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
local latest, by_type, types = 0, {}, {}
for _, rec in pairs(USER.s) do
  latest = math.max(latest, rec.e)
  if not by_type[rec.d] then table.insert(types, rec.d) end
  by_type[rec.d] = (by_type[rec.d] or 0) + 1
end
table.sort(types)
local counts = {}
for _, device_type in ipairs(types) do table.insert(counts, device_type .. '=' .. by_type[device_type]) end
return {string.format('%.0f', #types > 0 and USER.v or now), string.format('%.0f', latest), table.concat(counts, ' ')}
