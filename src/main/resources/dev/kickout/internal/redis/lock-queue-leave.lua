-- A session leaves a record's queue; with ARGV[2] '1' it also leaves the page (its presence goes).
-- A reservation it held passes to the next in line.
-- ARGV[1] sessionId, ARGV[2] '1' to leave the page too, ARGV[3] presence window (ms), ARGV[4] reservation (ms)
-- Returns {'LEFT' | 'NONE', turn...} (turn: see lock-queue-lib.lua's turn(), for a reservation passed on)
local now = clock_now()
local window = tonumber(ARGV[3])
local removed = redis.call('ZREM', KEYS[4], ARGV[1])
if ARGV[2] == '1' then
  redis.call('ZREM', KEYS[5], ARGV[1])
  redis.call('HDEL', KEYS[6], ARGV[1])
  redis.call('HDEL', KEYS[7], ARGV[1])
end
local held = redis.call('HMGET', KEYS[1], 'state', 'sessionId')
if held[1] == 'RESERVED' and held[2] == ARGV[1] then
  redis.call('DEL', KEYS[1])
  removed = 1
end
local result = {removed == 1 and 'LEFT' or 'NONE'}
for _, v in ipairs(turn(advance(now, window, tonumber(ARGV[4])))) do table.insert(result, v) end
return result
