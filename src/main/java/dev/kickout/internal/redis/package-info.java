/**
 * The one door to Redis: the client producer (the module's own client, or the host's one handed over
 * with {@link dev.kickout.ForKickout}), keys ({@link dev.kickout.internal.redis.RedisKeys}), the Lua
 * scripts ({@link dev.kickout.internal.redis.Script}), failure mapping and the circuit breaker
 * ({@link dev.kickout.internal.redis.RedisStore}), readiness, and the module's one clock: Redis's own time
 * (in the scripts, and {@link dev.kickout.internal.redis.RedisClock} outside them). Knows no feature; every
 * feature uses it.
 */
package dev.kickout.internal.redis;
