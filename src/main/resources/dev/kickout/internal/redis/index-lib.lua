-- Writes one user's summary into the listing index of its shard, unless the index already holds a
-- newer one (two instances may summarise the same user concurrently; the newest live set wins).
-- The shard keeps, besides the users index, each user's session counts and their sums, so that
-- listings have exact totals without an entry per session.
-- index_user(users, counts, tag, version, latest, by_type): users is the users index (user tag ->
-- latest expiry), counts the shard's counts (user tag -> 'version n type=count ...', '#' -> sessions of
-- the shard, '#<type>' -> sessions of that device type); then the user's tag, the summary's version,
-- its latest expiry (ms) and its sessions by device type as 'type=count type=count ...' ('' with none).
-- Returns 1 if written, 0 if the index holds a newer summary
local function index_counts_of(entry)
  local counts = {}
  for device_type, count in string.gmatch(entry, '([^ =]+)=(%d+)') do
    counts[device_type] = tonumber(count)
  end
  return counts
end

local function index_add(counts_key, counts, sign)
  for device_type, count in pairs(counts) do
    redis.call('HINCRBY', counts_key, '#', sign * count)
    if redis.call('HINCRBY', counts_key, '#' .. device_type, sign * count) <= 0 then
      redis.call('HDEL', counts_key, '#' .. device_type)
    end
  end
end

local function index_user(users_key, counts_key, tag, version, latest, by_type)
  local old = redis.call('HGET', counts_key, tag)
  if old then
    if tonumber(string.match(old, '^(%d+)')) > tonumber(version) then
      return 0
    end
    index_add(counts_key, index_counts_of(old), -1)
  end
  local counts = index_counts_of(by_type)
  if next(counts) then
    index_add(counts_key, counts, 1)
    redis.call('HSET', counts_key, tag, version .. ' ' .. by_type)
    redis.call('ZADD', users_key, tonumber(latest), tag)
  else
    redis.call('HDEL', counts_key, tag)
    redis.call('ZREM', users_key, tag)
  end
  return 1
end
