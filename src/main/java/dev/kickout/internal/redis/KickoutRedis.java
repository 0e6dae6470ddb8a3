package dev.kickout.internal.redis;

import dev.kickout.ForKickout;
import jakarta.inject.Qualifier;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Qualifies the Redisson client the module uses (its own, or the one the host hands it with
 * {@link ForKickout}), so it never clashes with a host app's unqualified client.
 */
@Qualifier
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.FIELD, ElementType.PARAMETER, ElementType.TYPE})
public @interface KickoutRedis {
}
