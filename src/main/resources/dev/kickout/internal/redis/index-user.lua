-- Writes one user's summary into the listing index of its shard, unless the index already holds a
-- newer one (two instances may summarise the same user concurrently; the newest live set wins).
-- The shard keeps, besides the users index, each user's session counts and their sums, so that
-- listings have exact totals without an entry per session.
-- KEYS[1] users index (user tag -> latest expiry), KEYS[2] counts: user tag -> 'version n type=count ...',
-- '#' -> sessions of the shard, '#<type>' -> sessions of that device type
-- ARGV[1] user tag, ARGV[2] version of the summary, ARGV[3] latest expiry (ms), ARGV[4] sessions by
-- device type as 'type=count type=count ...' ('' when the user has none)
-- Returns 1 if written, 0 if the index holds a newer summary
local function counts_of(entry)
  local counts = {}
  for device_type, count in string.gmatch(entry, '([^ =]+)=(%d+)') do
    counts[device_type] = tonumber(count)
  end
  return counts
end

local function add(counts, sign)
  for device_type, count in pairs(counts) do
    redis.call('HINCRBY', KEYS[2], '#', sign * count)
    if redis.call('HINCRBY', KEYS[2], '#' .. device_type, sign * count) <= 0 then
      redis.call('HDEL', KEYS[2], '#' .. device_type)
    end
  end
end

local old = redis.call('HGET', KEYS[2], ARGV[1])
if old then
  if tonumber(string.match(old, '^(%d+)')) > tonumber(ARGV[2]) then
    return 0
  end
  add(counts_of(old), -1)
end
local counts = counts_of(ARGV[4])
if next(counts) then
  add(counts, 1)
  redis.call('HSET', KEYS[2], ARGV[1], ARGV[2] .. ' ' .. ARGV[4])
  redis.call('ZADD', KEYS[1], tonumber(ARGV[3]), ARGV[1])
else
  redis.call('HDEL', KEYS[2], ARGV[1])
  redis.call('ZREM', KEYS[1], ARGV[1])
end
return 1
