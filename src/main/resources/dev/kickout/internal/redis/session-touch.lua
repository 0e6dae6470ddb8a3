-- Writes the sliding expiry of one session the near cache answered (batched: at most once per session
-- per kickout.session.touch-interval). The expiry slides from the session's last answered request,
-- as authenticate.lua would have slid it then, never back and never past the absolute cap. A session
-- already past its expiry by Redis's clock, or gone, is left alone: the next check in Redis buries it.
-- KEYS[1..3] the user (user-lib.lua)
-- ARGV[1] sessionId, ARGV[2] session ttl (ms), ARGV[3] the last answered request (Redis's time, ms)
-- Returns 1 if the expiry moved, else 0
local now = clock_now()
local ttl = tonumber(ARGV[2])
load_user()
local rec = session_of(ARGV[1])
if not rec then
  return 0
end
local seen = math.min(tonumber(ARGV[3]), now)
local expiresAt = math.min(seen + ttl, rec.x)
if rec.e <= now or expiresAt <= rec.e then
  return 0
end
rec.s = math.max(rec.s, seen)
rec.e = expiresAt
DIRTY = true
save_user(now, ttl)
return 1
