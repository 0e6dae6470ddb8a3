/**
 * The sweeper: an EJB timer that lets one instance at a time (an owner-only Redis lease) tidy
 * listing indexes, orphaned lock keys and the audit trail's retention, in bounded steps. Uses
 * {@code session}, {@code lock}, {@code audit}, {@code redis}, {@code config}; nothing uses it.
 */
package dev.kickout.internal.cleanup;
