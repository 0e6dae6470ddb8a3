package dev.kickout.lock;

/** CDI event: a resource's lock ended (released, dropped with its session, or broken by an admin). */
public record LockFreed(ResourceRef resource) {
}
