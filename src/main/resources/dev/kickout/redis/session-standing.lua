-- Where one session stands, judged by Redis's clock and sliding nothing (read only): live while its
-- record's expiry is ahead of Redis's time, else ended; with its tombstone while one is kept.
-- KEYS[1] user hash
-- ARGV[1] sessionId
-- Returns {'LIVE' | 'ENDED', Redis's time (ms), record or '', tombstone or ''}
local now = clock_now()
local raw = redis.call('HGET', KEYS[1], 's:' .. ARGV[1])
local tombstone = redis.call('HGET', KEYS[1], 'x:' .. ARGV[1]) or ''
local state = 'ENDED'
if raw and cjson.decode(raw).expiresAt > now then
  state = 'LIVE'
end
return {state, string.format('%.0f', now), raw or '', tombstone}
