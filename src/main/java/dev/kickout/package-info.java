/**
 * Kickout: force logout and edit-lock release for Jakarta EE applications. A host's code starts at
 * {@link dev.kickout.Kickout}, the facade bean: kick users, sessions or device types, break locks,
 * list sessions and read a record's holder. This root also holds what
 * every feature shares: the problem exceptions ({@link dev.kickout.KickoutException} and its
 * common subclasses), input {@link dev.kickout.internal.Checks}, {@link dev.kickout.internal.Json}, the audit
 * {@link dev.kickout.Actor}, and the stable ids that lead its log messages ({@link dev.kickout.internal.LogId}). Features live in their own packages; {@code demo} is the reference
 * app, which the module never imports.
 */
package dev.kickout;
