-- A session joins a record's queue (keeping its place if it is in it already) and is marked present;
-- joining a free record with nobody ahead reserves it for the caller at once.
-- ARGV[1] sessionId, ARGV[2] userId, ARGV[3] username, ARGV[4] presence window (ms),
-- ARGV[5] max waiters, ARGV[6] max viewers, ARGV[7] reservation (ms)
-- Returns {'HOLDER'} | {'FULL'} | {'OK' | 'JOINED', position, size, reserved until or '', turn...}
-- (turn: see lock-queue-lib.lua's turn(), for a reservation this call made)
local now = clock_now()
local window = tonumber(ARGV[4])
local held = redis.call('HMGET', KEYS[1], 'state', 'sessionId', 'expiresAt')
if held[1] == 'HELD' and held[2] == ARGV[1] then
  return {'HOLDER'}
end
prune_absent(now, window)
local status = 'OK'
if held[1] == 'RESERVED' and held[2] == ARGV[1] then
  status = 'OK'
elseif not redis.call('ZSCORE', KEYS[4], ARGV[1]) then
  if redis.call('ZCARD', KEYS[4]) >= tonumber(ARGV[5]) then
    return {'FULL'}
  end
  redis.call('ZADD', KEYS[4], now, ARGV[1])
  status = 'JOINED'
end
be_present(ARGV[1], ARGV[2], ARGV[3], now, tonumber(ARGV[6]))
keep(window)
local reserved = advance(now, window, tonumber(ARGV[7]))
local rank = redis.call('ZRANK', KEYS[4], ARGV[1])
local mine = redis.call('HMGET', KEYS[1], 'state', 'sessionId', 'expiresAt')
local result = {status, rank and rank + 1 or 0, redis.call('ZCARD', KEYS[4]),
  mine[1] == 'RESERVED' and mine[2] == ARGV[1] and mine[3] or ''}
for _, v in ipairs(turn(reserved)) do table.insert(result, v) end
return result
