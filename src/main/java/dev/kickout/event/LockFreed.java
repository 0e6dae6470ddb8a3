package dev.kickout.event;

import dev.kickout.ResourceRef;
import java.time.Duration;

/**
 * CDI event: a resource's lock ended (released, dropped with its session, or broken by an admin)
 * and others may acquire it {@code after} this long (the force-release grace, else zero).
 *
 * @since 1.0
 */
public record LockFreed(ResourceRef resource, Duration after) {
}
