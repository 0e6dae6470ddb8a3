package dev.kickout.lock;

import java.time.Duration;

/**
 * CDI event: a resource's lock ended (released, dropped with its session, or broken by an admin)
 * and others may acquire it {@code after} this long (the force-release grace, else zero).
 */
public record LockFreed(ResourceRef resource, Duration after) {
}
