-- Forgets holdings of one session whose lock was released, dropped, force-released or refused, each
-- only while its entry is no newer than the holding being forgotten (a newer holding of the same
-- record, listed between the release and this call, stays); and a claim that was not granted.
-- KEYS: see lock-holdings-lib.lua
-- ARGV[1] sessionId, ARGV[2] attempt id of a claim to drop, or '', then pairs: type/id, expiry (ms)
-- of the holding being forgotten (for a claim: its type/id and 0)
-- Returns the number of entries removed
local removed = 0
for i = 3, #ARGV, 2 do
  local member = ARGV[i]
  if ARGV[2] ~= '' then
    removed = removed + redis.call('ZREM', KEYS[1], member .. '#' .. ARGV[2])
    redis.call('ZREM', KEYS[2], ARGV[1] .. ' ' .. member .. '#' .. ARGV[2])
  else
    local score = redis.call('ZSCORE', KEYS[1], member)
    if score and tonumber(score) <= tonumber(ARGV[i + 1]) then
      removed = removed + redis.call('ZREM', KEYS[1], member)
    end
    score = redis.call('ZSCORE', KEYS[2], ARGV[1] .. ' ' .. member)
    if score and tonumber(score) <= tonumber(ARGV[i + 1]) then
      redis.call('ZREM', KEYS[2], ARGV[1] .. ' ' .. member)
    end
  end
end
return removed
