-- Appends one audit entry: to the force stream (KEYS[1], trimmed by age only, so no amount of
-- routine traffic can push a force action out) or the activity stream (KEYS[2], trimmed by age
-- and by count), with an id from the shared sequence (KEYS[3]); see audit-lib.lua.
-- ARGV[1] '1' for a force action, ARGV[2] retention (ms), ARGV[3] activity capacity of the shard,
-- ARGV[4] the shard, ARGV[5] the number of shards, ARGV[6..] field name, value, ...
-- Returns {id, at (ms)}
local fields = {}
for i = 6, #ARGV do
  table.insert(fields, ARGV[i])
end
local id, at = audit_append(ARGV[1] == '1', tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4]),
  tonumber(ARGV[5]), fields)
return {id, string.format('%.0f', at)}
