/**
 * MicroProfile Health liveness: whether the module itself still works in this server (its timers run),
 * as opposed to Redis readiness ({@link dev.kickout.internal.redis.RedisReadiness}), which says whether Redis
 * serves. Uses {@code push}; no feature uses this package. Public output is UP/DOWN and a few words, never
 * an address, key or exception.
 */
package dev.kickout.internal.health;
