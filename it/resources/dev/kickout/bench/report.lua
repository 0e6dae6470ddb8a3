-- Appended to every wrk script of WrkBench: one machine-readable line with wrk's totals (requests
-- completed, run time, and its error counts; "status" counts answers outside 2xx/3xx), so the
-- benchmark reads numbers instead of wrk's rounded human summary. "failures" is what a script's own
-- response() counted as wrong (0 for plain requests).
local threads = {}

function setup(thread)
   table.insert(threads, thread)
   if on_setup then on_setup(thread, #threads) end
end

function done(summary, latency, requests)
   local failures = 0
   for _, thread in ipairs(threads) do
      failures = failures + (thread:get("failures") or 0)
   end
   local e = summary.errors
   io.write(string.format("wrk-result requests=%d duration_us=%d connect=%d read=%d write=%d status=%d timeout=%d failures=%d\n",
      summary.requests, summary.duration, e.connect, e.read, e.write, e.status, e.timeout, failures))
end
