-- Takes a resource's edit lock for a session, or renews it for the session that already holds it
-- (with a fresh token: the old one dies as TAKEN). Each new holding gets a fence larger than every
-- fence issued before for the resource: max(last fence + 1, Redis's clock in microseconds). The
-- counter expires one TTL after the lock, so an id never seen again leaves nothing behind; a fence
-- issued at Redis time t is t µs (one acquire takes longer than 1 µs), so once the counter is gone
-- the clock alone is above it, as long as Redis's clock never jumps back by more than the counter's
-- lifetime. Fences stay below 2^53 (exact as Lua and JSON numbers) until the year 2255.
-- Every time (acquiredAt, lastHeartbeat, expiresAt, capAt) comes from Redis's clock.
-- ARGV[1] sessionId, ARGV[2] userId, ARGV[3] username, ARGV[4] clientId,
-- An acquire is the holder's activity: with idle release on, the lock also ends at idleAt (now + the
-- idle timeout) unless a heartbeat reports activity. Between holdings the record's queue goes
-- first: a lock RESERVED for the first in line is theirs alone, and a free lock with sessions
-- waiting is taken only by the first of them (anyone else gets 'QUEUED', and the caller reserves it
-- for that first one).
-- ARGV[5] new token hash, ARGV[6] ttl (ms), ARGV[7] max hold (ms), ARGV[8] idle timeout (ms, 0: off),
-- ARGV[9] presence window (ms)
-- Off a Cluster, in one batch right after lock-claim.lua: KEYS[8] the session's holdings, ARGV[10] type/id,
-- ARGV[11] the claim's attempt id; the lock is taken or renewed only with the place claimed (or the
-- holding kept), else 'UNCLAIMED' and nothing changes
-- Returns {'ACQUIRED' | 'RENEWED' | 'HELD' | 'RESERVED', field, value, ...} | {'QUEUED'} | {'UNCLAIMED'}; an ACQUIRED taken
-- from the queue (a reservation, or first in line) ends with 'waited', '1'
local now = clock_now()
local ttl = tonumber(ARGV[6])
local idle = tonumber(ARGV[8])
if KEYS[8] then
  local place = redis.call('ZSCORE', KEYS[8], ARGV[10] .. '#' .. ARGV[11]) or redis.call('ZSCORE', KEYS[8], ARGV[10])
  if not place or tonumber(place) <= now then
    return {'UNCLAIMED'}
  end
end
local held = redis.call('HMGET', KEYS[1], 'state', 'sessionId', 'tokenHash', 'capAt')
local waited = false
if held[1] == 'RESERVED' then
  if held[2] ~= ARGV[1] then
    return with_view('RESERVED')
  end
  redis.call('DEL', KEYS[1])
  held = {}
  waited = true
elseif not held[1] then
  prune_absent(now, tonumber(ARGV[9]))
  local head = redis.call('ZRANGE', KEYS[4], 0, 0)[1]
  if head and head ~= ARGV[1] then
    return {'QUEUED'}
  end
end
if held[1] then
  if held[1] ~= 'HELD' or held[2] ~= ARGV[1] then
    return with_view('HELD')
  end
  local cap = tonumber(held[4])
  local idle_at = idle > 0 and now + idle or nil
  local expires = math.min(now + ttl, cap, idle_at or cap)
  if expires > now then
    mark_dead(held[3], 'TAKEN', '', now, ttl)
    redis.call('HSET', KEYS[1], 'tokenHash', ARGV[5], 'clientId', ARGV[4], 'lastHeartbeat', now, 'expiresAt', expires,
      'activeAt', now)
    if idle_at then
      redis.call('HSET', KEYS[1], 'idleAt', int(idle_at))
    end
    redis.call('PEXPIRE', KEYS[1], expires - now + linger(expires, idle_at, cap))
    redis.call('PEXPIRE', KEYS[2], expires - now + ttl)
    return with_view('RENEWED')
  end
  mark_dead(held[3], 'EXPIRED', '', now, ttl)
  redis.call('DEL', KEYS[1])
end
local clock = redis.call('TIME')
local floor = tonumber(clock[1]) * 1000000 + tonumber(clock[2])
local fence = string.format('%d', math.max((tonumber(redis.call('GET', KEYS[2])) or 0) + 1, floor))
local cap = now + tonumber(ARGV[7])
local idle_at = idle > 0 and now + idle or nil
local expires = math.min(now + ttl, cap, idle_at or cap)
redis.call('SET', KEYS[2], fence, 'PX', expires - now + ttl)
redis.call('HSET', KEYS[1], 'state', 'HELD', 'userId', ARGV[2], 'username', ARGV[3], 'sessionId', ARGV[1],
  'clientId', ARGV[4], 'tokenHash', ARGV[5], 'fence', fence, 'acquiredAt', now, 'lastHeartbeat', now,
  'expiresAt', expires, 'capAt', cap, 'activeAt', now)
if idle_at then
  redis.call('HSET', KEYS[1], 'idleAt', int(idle_at))
end
if redis.call('ZREM', KEYS[4], ARGV[1]) == 1 then
  waited = true
end
redis.call('PEXPIRE', KEYS[1], expires - now + linger(expires, idle_at, cap))
local acquired = with_view('ACQUIRED')
if waited then
  -- the caller's turn came: it no longer waits (the per-user queue count lets it go)
  table.insert(acquired, 'waited')
  table.insert(acquired, '1')
end
return acquired
