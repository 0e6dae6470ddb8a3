-- Writes one user's summary into the listing index of its shard (index_user in index-lib.lua).
-- KEYS[1] users index, KEYS[2] counts of the shard
-- ARGV[1] user tag, ARGV[2] version of the summary, ARGV[3] latest expiry (ms), ARGV[4] sessions by
-- device type as 'type=count type=count ...' ('' when the user has none)
-- Returns 1 if written, 0 if the index holds a newer summary
return index_user(KEYS[1], KEYS[2], ARGV[1], ARGV[2], ARGV[3], ARGV[4])
