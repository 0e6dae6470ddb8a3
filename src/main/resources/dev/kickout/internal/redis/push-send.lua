-- Stores one event in a session's log (a capped stream that expires) and wakes every instance with it,
-- in one step: the log stays the source of truth for replay, and no event is published that the log
-- does not hold. Used where the channel is a classic one (a single server, Sentinel); on a Cluster the
-- event goes over a sharded channel in another slot, published after this script.
-- KEYS[1] the session's event log
-- ARGV[1] type, ARGV[2] data (JSON), ARGV[3] entries kept (about), ARGV[4] the log's expiry (ms),
-- ARGV[5] sessionId, ARGV[6] the channel, or '' to publish nothing
-- Returns the event's id
local id = redis.call('XADD', KEYS[1], 'MAXLEN', '~', ARGV[3], '*', 'type', ARGV[1], 'data', ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[4])
if ARGV[6] ~= '' then
  redis.call('PUBLISH', ARGV[6], cjson.encode({sessionId = ARGV[5], id = id, type = ARGV[1], data = ARGV[2]}))
end
return id
