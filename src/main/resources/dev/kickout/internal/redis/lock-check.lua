-- Read-only check before a save: does this token, for this session, hold the lock now?
-- ARGV[1] token hash (or ''), ARGV[2] sessionId
-- Returns {'OK', field, value, ...} | {'LOST', reason, by, at} | {'HELD', field, value, ...}
if holds(ARGV[1], ARGV[2]) then
  return with_view('OK')
end
return refusal(ARGV[1])
