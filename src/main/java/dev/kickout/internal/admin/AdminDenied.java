package dev.kickout.internal.admin;

import dev.kickout.Actor;

/** CDI event: an authenticated caller without the admin role tried an admin endpoint. */
public record AdminDenied(Actor actor, String method, String path) {
}
