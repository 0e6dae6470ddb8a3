package dev.kickout;

import jakarta.inject.Qualifier;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Hands the module a host's own Redisson client, so that a host already using Redisson keeps one
 * connection pool instead of two. Put it on a producer of the host's client:
 *
 * <pre>{@code
 * @Produces @ForKickout
 * RedissonClient kickoutRedis() {
 *     return redisson; // the host's client
 * }
 * }</pre>
 *
 * <p>With such a producer the module uses that client and ignores {@code kickout.redis.address} and
 * {@code kickout.redis.config}; it never shuts that client down (the host owns it). Without one, the
 * module creates and closes a client of its own. The module passes its codec on every call, so the
 * client's codec does not matter; see docs/guide/dependency.md ("The host's own Redisson client") for the settings
 * that do.
 *
 * @since 1.0
 */
@Qualifier
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.FIELD, ElementType.PARAMETER, ElementType.TYPE})
public @interface ForKickout {
}
