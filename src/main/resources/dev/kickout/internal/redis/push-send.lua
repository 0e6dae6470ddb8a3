-- Stores events in their sessions' logs (capped streams that expire) and wakes every instance with each,
-- in one step: the log stays the source of truth for replay, and no event is published that the log
-- does not hold. Publishes where the channel is a classic one (a single server, Sentinel); on a Cluster
-- each event goes over a sharded channel in another slot, published after this script. Several events
-- (a user's revoked sessions) go in one call; their logs share the user's slot.
-- KEYS[i] the i-th event's session log
-- ARGV[1] entries kept per log (about), ARGV[2] the channel, or '' to publish nothing, then for the
-- i-th event at ARGV[3 + 4 * (i - 1)]: type, data (JSON), the log's expiry (ms), sessionId
-- Returns the events' ids, in order
local ids = {}
for i = 1, #KEYS do
  local at = 3 + 4 * (i - 1)
  local type, data = ARGV[at], ARGV[at + 1]
  local id = redis.call('XADD', KEYS[i], 'MAXLEN', '~', ARGV[1], '*', 'type', type, 'data', data)
  redis.call('PEXPIRE', KEYS[i], ARGV[at + 2])
  if ARGV[2] ~= '' then
    redis.call('PUBLISH', ARGV[2], cjson.encode({sessionId = ARGV[at + 3], id = id, type = type, data = data}))
  end
  ids[i] = id
end
return ids
