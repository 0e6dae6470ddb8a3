-- Shared by the lock holdings scripts (prepended to them, never run alone).
-- KEYS[1] the session's holdings (zset: type/id, or type/id#attempt for a claim, -> until when, ms),
-- KEYS[2] the user's holdings (zset: sessionId type/id[#attempt] -> until when, ms); both in the user's slot.
-- An entry counts until its score passes: a holding's is its lock's expiry, a claim's one lock TTL.

-- Forgets the entries whose time passed, and answers how many are left in each.
local function live_counts(now)
  redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
  redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
  return redis.call('ZCARD', KEYS[1]), redis.call('ZCARD', KEYS[2])
end

-- 'SESSION' or 'USER' when one more entry would pass that cap, else nil.
local function over_cap(now, session_cap, user_cap)
  local in_session, in_user = live_counts(now)
  if in_session >= session_cap then
    return 'SESSION'
  end
  if in_user >= user_cap then
    return 'USER'
  end
  return nil
end

-- Lets both keys live at least until `ends` (ms, Redis's clock), never shortening them.
local function outlive(now, ends)
  for _, key in ipairs({KEYS[1], KEYS[2]}) do
    if redis.call('PTTL', key) < ends - now then
      redis.call('PEXPIRE', key, ends - now)
    end
  end
end
