-- Releases a lock because its holder's session ended (logout, kick, replacement): only if that
-- session still holds it.
-- ARGV[1] now (ms), ARGV[2] sessionId, ARGV[3] ttl (ms)
-- Returns {'OK', field, value, ...} | {'NONE'}
local held = redis.call('HMGET', KEYS[1], 'state', 'sessionId', 'tokenHash')
if held[1] ~= 'HELD' or held[2] ~= ARGV[2] then
  return {'NONE'}
end
local released = with_view('OK')
mark_dead(held[3], 'RELEASED', '', tonumber(ARGV[1]), tonumber(ARGV[3]))
redis.call('DEL', KEYS[1])
return released
