-- Keeps one user's entry in a shard of the bans listing: a ban written, or (ARGV[3] '') removed. The
-- listing only shows what the user's own ban key says (ban.lua decides); an entry whose ban ended is
-- dropped by the listing itself (ban-list.lua).
-- KEYS[1] the shard's bans (zset: user tag -> until, ms), KEYS[2] their records (hash: user tag -> ban JSON)
-- ARGV[1] the user's tag, ARGV[2] until (ms), ARGV[3] the ban (JSON) or ''
if ARGV[3] == '' then
  redis.call('ZREM', KEYS[1], ARGV[1])
  redis.call('HDEL', KEYS[2], ARGV[1])
else
  redis.call('ZADD', KEYS[1], tonumber(ARGV[2]), ARGV[1])
  redis.call('HSET', KEYS[2], ARGV[1], ARGV[3])
end
return {1}
