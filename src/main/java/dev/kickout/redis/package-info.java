/**
 * The one door to Redis: the client producer, keys ({@link dev.kickout.redis.RedisKeys}), the Lua
 * scripts ({@link dev.kickout.redis.Script}), failure mapping and the circuit breaker
 * ({@link dev.kickout.redis.RedisStore}), readiness. Knows no feature; every feature uses it.
 */
package dev.kickout.redis;
