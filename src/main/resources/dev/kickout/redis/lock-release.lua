-- Compare-and-delete: removes the lock only for its holder (token and session must both match).
-- ARGV[1] now (ms), ARGV[2] token hash, ARGV[3] sessionId, ARGV[4] ttl (ms)
-- Returns {'OK', field, value, ...} | {'LOST', reason, by, at} | {'HELD', field, value, ...}
if not holds(ARGV[2], ARGV[3]) then
  return refusal(ARGV[2])
end
local released = with_view('OK')
mark_dead(ARGV[2], 'RELEASED', '', tonumber(ARGV[1]), tonumber(ARGV[4]))
redis.call('DEL', KEYS[1])
return released
