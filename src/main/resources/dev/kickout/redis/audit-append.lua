-- Appends one audit entry: to the force stream (KEYS[1], trimmed by age only, so no amount of
-- routine traffic can push a force action out) or the activity stream (KEYS[2], trimmed by age
-- and by count), with an id from the shared sequence (KEYS[3]); see audit-lib.lua.
-- ARGV[1] '1' for a force action, ARGV[2] retention (ms), ARGV[3] activity capacity,
-- ARGV[4..] field name, value, ...
-- Returns {id, at (ms)}
local fields = {}
for i = 4, #ARGV do
  table.insert(fields, ARGV[i])
end
local id, at = audit_append(ARGV[1] == '1', tonumber(ARGV[2]), tonumber(ARGV[3]), fields)
return {id, string.format('%.0f', at)}
