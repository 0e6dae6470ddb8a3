-- Edit lock cycles: acquire, N heartbeats, release, again and again. Run with one connection per wrk
-- thread (-t N -c N), so that on each connection the answer to an acquire comes back before the
-- heartbeats and the release are built from its lockToken. Each thread locks a resource of its own,
-- <locks path><prefix>-<thread>. Every request is one lock operation; failures counts those answered
-- other than expected (an acquire without a lockToken, a heartbeat not 200, a release not 200/204).
-- Arguments after "--": bearer token, the locks path (e.g. /wrk/api/locks/bench/), a resource prefix,
-- the heartbeats per cycle (default 3).
failures = 0
local token, path, heartbeats
local held
local beats = 0

function on_setup(thread, number)
   thread:set("number", number)
end

function init(args)
   token = args[1]
   path = args[2] .. args[3] .. "-" .. number
   heartbeats = tonumber(args[4] or "3")
end

function request()
   if held == nil then
      return wrk.format("POST", path, { ["Authorization"] = "Bearer " .. token, ["Content-Length"] = "0" })
   end
   if beats < heartbeats then
      return wrk.format("PUT", path .. "/heartbeat",
         { ["Authorization"] = "Bearer " .. token, ["X-Lock-Token"] = held, ["Content-Length"] = "0" })
   end
   return wrk.format("DELETE", path, { ["Authorization"] = "Bearer " .. token, ["X-Lock-Token"] = held })
end

function response(status, headers, body)
   if held == nil then
      held = body:match('"lockToken"%s*:%s*"([^"]+)"')
      beats = 0
      if held == nil then failures = failures + 1 end
   elseif beats < heartbeats then
      beats = beats + 1
      if status ~= 200 then failures = failures + 1 end
   else
      if status ~= 200 and status ~= 204 then failures = failures + 1 end
      held = nil
   end
end
