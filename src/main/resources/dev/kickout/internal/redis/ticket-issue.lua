-- Stores a single-use event stream ticket for a session, with the newest id of the session's events
-- at this moment: the stream the ticket opens starts from there (anything newer is replayed), so
-- opening it reads nothing more than the ticket and the replay.
-- KEYS[1] the ticket (by its hash), KEYS[2] the session's events (a stream); both in the user's slot
-- ARGV[1] sessionId, ARGV[2] the ticket's lifetime (ms)
-- Returns the newest event id ('0-0' when there is none)
local newest = redis.call('XREVRANGE', KEYS[2], '+', '-', 'COUNT', 1)[1]
local from = newest and newest[1] or '0-0'
redis.call('SET', KEYS[1], ARGV[1] .. ' ' .. from, 'PX', ARGV[2])
return from
