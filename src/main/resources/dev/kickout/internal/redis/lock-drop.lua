-- Releases a lock because its holder's session ended (logout, kick, replacement): only if that
-- session still holds it.
-- ARGV[1] sessionId, ARGV[2] ttl (ms)
-- Returns {'OK', field, value, ...} | {'NONE'}
local held = redis.call('HMGET', KEYS[1], 'state', 'sessionId', 'tokenHash')
if held[1] ~= 'HELD' or held[2] ~= ARGV[1] then
  return {'NONE'}
end
local released = with_view('OK')
mark_dead(held[3], 'RELEASED', '', clock_now(), tonumber(ARGV[2]))
redis.call('DEL', KEYS[1])
return released
