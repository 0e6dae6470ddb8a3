-- Claims the due entries of one outbox shard for delivery: each claimed entry is due again only
-- after the claim time, so two drainers rarely deliver the same entry (delivery is idempotent
-- anyway). Entries older than the max age are removed and answered as EXPIRED, to be logged.
-- KEYS[1] entries hash, KEYS[2] due index
-- ARGV[1] entries at most, ARGV[2] claim time (ms), ARGV[3] max age (ms)
-- Returns {'DUE' | 'EXPIRED', entry JSON, ...}
local now = clock_now()
local out = {}
for _, id in ipairs(redis.call('ZRANGEBYSCORE', KEYS[2], '-inf', now, 'LIMIT', 0, tonumber(ARGV[1]))) do
  local entry = redis.call('HGET', KEYS[1], id)
  if not entry then
    redis.call('ZREM', KEYS[2], id)
  elseif now - tonumber(cjson.decode(entry).at) > tonumber(ARGV[3]) then
    redis.call('HDEL', KEYS[1], id)
    redis.call('ZREM', KEYS[2], id)
    table.insert(out, 'EXPIRED')
    table.insert(out, entry)
  else
    redis.call('ZADD', KEYS[2], now + tonumber(ARGV[2]), id)
    table.insert(out, 'DUE')
    table.insert(out, entry)
  end
end
return out
