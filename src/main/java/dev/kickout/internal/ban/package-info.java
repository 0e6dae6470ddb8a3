/**
 * Bans: a user banned until a time cannot sign in (the login script reads the ban in the user's slot), admins
 * list and lift bans. Uses {@code session} (the kick that goes with a ban), {@code redis}, {@code config};
 * {@code audit} observes its {@link dev.kickout.internal.ban.BanChanged} events. The shared layers never use it.
 */
package dev.kickout.internal.ban;
