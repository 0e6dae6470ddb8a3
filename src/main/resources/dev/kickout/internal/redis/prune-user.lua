-- Tidies one user (forgets old tombstones, buries expired sessions) and lists what is live.
-- KEYS[1..3] the user (user-lib.lua)
-- ARGV[1] ttl (ms), ARGV[2] tombstones per user at most
-- Returns {user JSON or '', sessionId1, record1, ...}
local now = clock_now()
local ttl = tonumber(ARGV[1])
load_user()
prune(now, ttl, tonumber(ARGV[2]))
save_user(now, ttl)
local result = {USER.u[1] == '' and '' or cjson.encode({userId = USER.u[1], username = USER.u[2] or USER.u[1]})}
for _, e in ipairs(live_sessions()) do
  table.insert(result, e.sid)
  table.insert(result, e.raw)
end
return result
