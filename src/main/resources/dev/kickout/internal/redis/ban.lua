-- Bans a user until a time: from then on the login script (login.lua) refuses every sign-in of the
-- user, in the same slot, so no sign-in that starts after this script can open a session. The end is
-- decided here, from Redis's clock; a ban that would end in the past or beyond the longest allowed
-- changes nothing. A new ban of a banned user replaces the old one.
-- KEYS[1] the user's ban (string, expires when the ban ends)
-- ARGV[1] 'D' (ARGV[2] is a length, ms) or 'I' (ARGV[2] is the end, epoch ms), ARGV[3] longest ban (ms),
-- ARGV[4] the ban (JSON: userId, reason, by; until, untilMs and at are set here)
-- Returns {'OK', ban as stored} | {'PAST'} | {'TOO_LONG'}
local now = clock_now()
local until_ms = tonumber(ARGV[2])
if ARGV[1] == 'D' then until_ms = now + until_ms end
if until_ms <= now then return {'PAST'} end
if until_ms - now > tonumber(ARGV[3]) then return {'TOO_LONG'} end
local ban = cjson.decode(ARGV[4])
ban.untilMs = until_ms
ban['until'] = clock_iso(until_ms)
ban.at = clock_iso(now)
local stored = cjson.encode(ban)
redis.call('SET', KEYS[1], stored, 'PXAT', until_ms)
return {'OK', stored}
