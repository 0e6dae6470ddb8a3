-- Records a repeatable routine entry (an admin denial) at most once per caller and window:
-- the first one in a window is appended to the activity stream (as audit-append.lua does), the
-- further ones are only counted in the caller's hash KEYS[4] {until, count, id}. The first entry
-- of the caller's next window carries that count (minus the one recorded) as
-- 'd.repeatedBefore' and the collapsed entry's id as 'd.previousEntry'. The hash is forgotten
-- after the retention, like the entries it counts.
-- KEYS[1..3] as in audit-lib.lua, KEYS[4] the caller's collapse hash (all in the caller's audit shard)
-- ARGV[1] retention (ms), ARGV[2] activity capacity of the shard, ARGV[3] window (ms), ARGV[4] the
-- shard, ARGV[5] the number of shards, ARGV[6..] name, value, ...
-- Returns {id, at (ms), repeatedBefore, previousEntry} ('' for none), or {'', '', count so far, ''}
-- when only counted.
local now = audit_now()
local state = redis.call('HMGET', KEYS[4], 'until', 'count', 'id')
if state[1] and tonumber(state[1]) > now then
  local count = redis.call('HINCRBY', KEYS[4], 'count', 1)
  return {'', '', tostring(count), ''}
end

local fields = {}
for i = 6, #ARGV do
  table.insert(fields, ARGV[i])
end
local repeated, previous = '', ''
if state[2] and tonumber(state[2]) > 1 then
  repeated = tostring(tonumber(state[2]) - 1)
  previous = state[3]
  table.insert(fields, 'd.repeatedBefore')
  table.insert(fields, repeated)
  table.insert(fields, 'd.previousEntry')
  table.insert(fields, previous)
end
local retention = tonumber(ARGV[1])
local id, at = audit_append(false, retention, tonumber(ARGV[2]), tonumber(ARGV[4]), tonumber(ARGV[5]), fields)
redis.call('HSET', KEYS[4], 'until', string.format('%.0f', at + tonumber(ARGV[3])), 'count', 1, 'id', id)
redis.call('PEXPIRE', KEYS[4], retention)
return {id, string.format('%.0f', at), repeated, previous}
