-- Reserves one sign-in attempt of one username before its password is checked, atomically: the
-- counters are compared with their limits and counted up in the same step, so however many
-- attempts arrive at once, no more pass than the limits allow. A refused attempt counts nothing.
-- With a device cookie that is a known device of this username, only that device's own budget
-- applies (failures elsewhere never lock a known device out); else the username's budget over all
-- addresses and its budget at this address, both counted. A window starts with its first count.
-- KEYS[1] failures of the username, KEYS[2] failures of the username at this address,
-- KEYS[3] the username's known devices (zset: cookie hash -> until when, ms), KEYS[4] failures of this device
-- ARGV[1] window (ms), ARGV[2] max per username, ARGV[3] max per username and address,
-- ARGV[4] max per device, ARGV[5] the hash of the device cookie presented ('' for none)
-- Returns {'DEVICE', device failures counted} | {'CLIENT', username failures, username-at-address failures}
-- | {'REFUSED', 'USER' | 'USER_AT_ADDRESS' | 'DEVICE', ms left in that counter's window}
local window = tonumber(ARGV[1])

local function full(key, max)
  return tonumber(redis.call('GET', key) or '0') >= tonumber(max)
end

local function refused(kind, key)
  return {'REFUSED', kind, redis.call('PTTL', key)}
end

local function take(key)
  local n = redis.call('INCR', key)
  if n == 1 or redis.call('PTTL', key) < 0 then
    redis.call('PEXPIRE', key, window)
  end
  return n
end

if ARGV[5] ~= '' and (tonumber(redis.call('ZSCORE', KEYS[3], ARGV[5])) or 0) > clock_now() then
  if full(KEYS[4], ARGV[4]) then return refused('DEVICE', KEYS[4]) end
  return {'DEVICE', take(KEYS[4])}
end
if full(KEYS[1], ARGV[2]) then return refused('USER', KEYS[1]) end
if full(KEYS[2], ARGV[3]) then return refused('USER_AT_ADDRESS', KEYS[2]) end
return {'CLIENT', take(KEYS[1]), take(KEYS[2])}
