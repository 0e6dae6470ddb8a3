-- Writes the sliding expiry of one session the near cache answered (batched: at most once per session
-- per kickout.session.touch-interval). The expiry slides from the session's last answered request,
-- as authenticate.lua would have slid it then, never back and never past the absolute cap. A session
-- already past its expiry by Redis's clock, or gone, is left alone: the next check in Redis buries it.
-- KEYS[1] user hash, KEYS[2] live index
-- ARGV[1] sessionId, ARGV[2] session ttl (ms), ARGV[3] the last answered request (Redis's time, ms)
-- Returns 1 if the expiry moved, else 0
local raw = redis.call('HGET', KEYS[1], 's:' .. ARGV[1])
if not raw then
  return 0
end
local s = cjson.decode(raw)
local now = clock_now()
local seen = math.min(tonumber(ARGV[3]), now)
local expiresAt = math.min(seen + tonumber(ARGV[2]), s.capAt)
if s.expiresAt <= now or expiresAt <= s.expiresAt then
  return 0
end
s.lastSeen = math.max(s.lastSeen, seen)
s.expiresAt = expiresAt
redis.call('HSET', KEYS[1], 's:' .. ARGV[1], cjson.encode(s))
redis.call('ZADD', KEYS[2], expiresAt, ARGV[1])
return 1
