-- Compare-and-delete: removes the lock only for its holder (token and session must both match).
-- ARGV[1] token hash, ARGV[2] sessionId, ARGV[3] ttl (ms)
-- Returns {'OK', field, value, ...} | {'LOST', reason, by, at} | {'HELD', field, value, ...}
if not holds(ARGV[1], ARGV[2]) then
  return refusal(ARGV[1])
end
local released = with_view('OK')
mark_dead(ARGV[1], 'RELEASED', '', clock_now(), tonumber(ARGV[3]))
redis.call('DEL', KEYS[1])
return released
