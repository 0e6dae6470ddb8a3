-- Where one session stands, judged by Redis's clock and sliding nothing (read only): live while its
-- record's expiry is ahead of Redis's time, else ended; with its tombstone while one is kept.
-- KEYS[1] the user's record, KEYS[2] dead sessions, KEYS[3] tombstone index (user-lib.lua)
-- ARGV[1] sessionId
-- Returns {'LIVE' | 'ENDED', Redis's time (ms), record or '', tombstone or ''}
local now = clock_now()
load_user()
local rec = session_of(ARGV[1])
local tombstone = redis.call('HGET', KEYS[2], 'x:' .. ARGV[1]) or ''
local state = 'ENDED'
if rec and rec.e > now then
  state = 'LIVE'
end
return {state, string.format('%.0f', now), rec and expanded(rec) or '', tombstone}
