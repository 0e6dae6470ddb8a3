-- Marks the key prefix's stored layout with its version, or reads the mark another instance left:
-- the first instance to reach Redis writes it, every later one compares. A version that changes the
-- layout changes the mark, so a mix of layouts is refused instead of read wrong.
-- KEYS[1] the mark, ARGV[1] the layout version this instance reads and writes
-- Returns the version the prefix holds (ARGV[1] when this call wrote it)
redis.call('SET', KEYS[1], ARGV[1], 'NX')
return redis.call('GET', KEYS[1])
