-- Edit lock acquire + release pairs: run with one connection per wrk thread (-t N -c N), so that on
-- each connection the answer to an acquire comes back before the release is built from its lockToken.
-- Each thread locks a resource of its own, <locks path><prefix>-<thread>.
-- Arguments after "--": bearer token, the locks path (e.g. /wrk/api/locks/bench/), a resource prefix.
failures = 0
local token, path, held

function on_setup(thread, number)
   thread:set("number", number)
end

function init(args)
   token = args[1]
   path = args[2] .. args[3] .. "-" .. number
end

function request()
   if held == nil then
      return wrk.format("POST", path, { ["Authorization"] = "Bearer " .. token, ["Content-Length"] = "0" })
   end
   return wrk.format("DELETE", path, { ["Authorization"] = "Bearer " .. token, ["X-Lock-Token"] = held })
end

function response(status, headers, body)
   if held == nil then
      held = body:match('"lockToken"%s*:%s*"([^"]+)"')
      if held == nil then failures = failures + 1 end
   else
      if status ~= 200 and status ~= 204 then failures = failures + 1 end
      held = nil
   end
end
