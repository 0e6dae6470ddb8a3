-- One step of a SCAN that survives between sweeps: continues from the cursor stored beside the
-- lease, stores the next one (0 again after a full pass), and answers the key names found, so
-- successive sweeps reach every key however small each step is.
-- KEYS[1] cursor
-- ARGV[1] key pattern, ARGV[2] SCAN COUNT, ARGV[3] cursor lifetime (ms)
-- Returns {key, ...}
local cursor = redis.call('GET', KEYS[1]) or '0'
local step = redis.call('SCAN', cursor, 'MATCH', ARGV[1], 'COUNT', tonumber(ARGV[2]))
redis.call('SET', KEYS[1], step[1], 'PX', tonumber(ARGV[3]))
return step[2]
