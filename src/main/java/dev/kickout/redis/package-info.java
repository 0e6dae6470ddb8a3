/**
 * The one door to Redis: the client producer (the module's own client, or the host's one handed over
 * with {@link dev.kickout.redis.ForKickout}), keys ({@link dev.kickout.redis.RedisKeys}), the Lua
 * scripts ({@link dev.kickout.redis.Script}), failure mapping and the circuit breaker
 * ({@link dev.kickout.redis.RedisStore}), readiness, and the module's one clock: Redis's own time
 * (in the scripts, and {@link dev.kickout.redis.RedisClock} outside them). Knows no feature; every
 * feature uses it.
 */
package dev.kickout.redis;
