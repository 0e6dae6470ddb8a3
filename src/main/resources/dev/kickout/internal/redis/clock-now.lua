-- Redis's time, for a comparison made outside a script (listing indexes scored by expiry, the
-- audit's retention bound): the app server's own clock is never the judge.
-- KEYS[1] any key of the slot whose node is asked (no key is read)
-- Returns {Redis's time in epoch milliseconds}
return {clock_now()}
