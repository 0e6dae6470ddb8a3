/**
 * Kickout: force logout and edit-lock release for Jakarta EE applications. This root holds what
 * every feature shares: the problem exceptions ({@link dev.kickout.KickoutException} and its
 * common subclasses), input {@link dev.kickout.Checks}, {@link dev.kickout.Json}, the audit
 * {@link dev.kickout.Actor}, and the stable ids that lead its log messages ({@link dev.kickout.LogId}). Features live in their own packages; {@code demo} is the reference
 * app, which the module never imports.
 */
package dev.kickout;
