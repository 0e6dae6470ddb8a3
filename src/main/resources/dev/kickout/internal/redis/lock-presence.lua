-- A page that shows a record says it is still there (holder, waiter or reader), and reads the room:
-- the lock or its reservation, the queue, and who else has the record open. A waiter's presence is
-- what keeps its place: a page not seen within the window drops out, with its place.
-- ARGV[1] sessionId, ARGV[2] userId, ARGV[3] username, ARGV[4] presence window (ms), ARGV[5] max viewers
-- Returns {one JSON object}: {lock: {field: value} (no token hash) or {}, queue: [sessionId...],
-- viewers: [[sessionId, {userId, username, since}], ...]} (at most 200 viewers, longest present first)
local now = clock_now()
local window = tonumber(ARGV[4])
prune_absent(now, window)
be_present(ARGV[1], ARGV[2], ARGV[3], now, tonumber(ARGV[5]))
keep(window)
local lock = {}
local fields = view()
for i = 1, #fields, 2 do
  lock[fields[i]] = fields[i + 1]
end
local viewers = {}
local sessions = redis.call('ZRANGE', KEYS[5], 0, 199)
if #sessions > 0 then
  local names = redis.call('HMGET', KEYS[6], unpack(sessions))
  for i, session in ipairs(sessions) do
    if names[i] then
      table.insert(viewers, {session, cjson.decode(names[i])})
    end
  end
end
local queue = redis.call('ZRANGE', KEYS[4], 0, -1)
return {cjson.encode({lock = lock, queue = queue, viewers = viewers, now = now})}
