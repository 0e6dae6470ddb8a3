-- The check a save makes before it runs: does this token hold the lock (for this session, or for
-- any session when ARGV[2] is '': the token alone, for calls with no HTTP request)? If so, mints
-- the fence this save writes with: larger than every fence issued before for the resource
-- (max(counter + 1, Redis's clock in µs), as lock-acquire.lua), stored on the lock and in the
-- counter, so two saves under one holding get two growing fences and a replayed or stale fence
-- is always smaller than the last one written. Time comes from Redis only (TIME).
-- ARGV[1] token hash (or ''), ARGV[2] sessionId (or ''), ARGV[3] ttl (ms)
-- Returns {'OK', field, value, ...} (with the new fence) | {'LOST', reason, by, at} | {'HELD', field, value, ...}
local held = redis.call('HMGET', KEYS[1], 'state', 'tokenHash', 'sessionId')
if ARGV[1] == '' or held[1] ~= 'HELD' or held[2] ~= ARGV[1] or (ARGV[2] ~= '' and held[3] ~= ARGV[2]) then
  return refusal(ARGV[1])
end
local clock = redis.call('TIME')
local floor = tonumber(clock[1]) * 1000000 + tonumber(clock[2])
local last = math.max(tonumber(redis.call('GET', KEYS[2])) or 0, tonumber(redis.call('HGET', KEYS[1], 'fence')) or 0)
local fence = string.format('%d', math.max(last + 1, floor))
local lockLife = redis.call('PTTL', KEYS[1])
redis.call('SET', KEYS[2], fence, 'PX', math.max(lockLife, 0) + tonumber(ARGV[3]))
redis.call('HSET', KEYS[1], 'fence', fence)
return with_view('OK')
