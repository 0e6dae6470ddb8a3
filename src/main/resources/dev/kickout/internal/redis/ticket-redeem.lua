-- Redeems a single-use event stream ticket and says where its session stands, in one step: the ticket
-- is taken whatever the outcome (it works once), and its session is judged as session-standing.lua
-- does (Redis's clock, sliding nothing). A ticket lives in its session's user's slot.
-- KEYS[1..3] the user (user-lib.lua), KEYS[4] the ticket: its session id, then the newest event id
-- when it was issued (ticket-issue.lua)
-- Returns {'NONE'} for an unknown, used or expired ticket, else {'LIVE' | 'ENDED', Redis's time (ms),
-- record or '', tombstone or '', sessionId, newest event id when it was issued or ''}
local ticket = redis.call('GET', KEYS[4])
if not ticket then
  return {'NONE'}
end
redis.call('DEL', KEYS[4])
local sid, from = string.match(ticket, '^(%S+) (%S+)$')
if not sid then
  sid, from = ticket, '' -- issued without the newest event id
end
if string.sub(sid, 1, #TAG) ~= TAG then
  return {'NONE'}
end
local now = clock_now()
load_user()
local rec = session_of(sid)
local tombstone = redis.call('HGET', KEYS[2], 'x:' .. sid) or ''
local state = 'ENDED'
if rec and rec.e > now then
  state = 'LIVE'
end
return {state, string.format('%.0f', now), rec and expanded(rec) or '', tombstone, sid, from}
