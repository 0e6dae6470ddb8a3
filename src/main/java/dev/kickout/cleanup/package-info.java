/**
 * The sweeper: an EJB timer that lets one instance at a time (an owner-only Redis lease) tidy
 * listing indexes and orphaned lock keys, in bounded steps. Uses {@code session}, {@code lock},
 * {@code redis}, {@code config}; nothing uses it.
 */
package dev.kickout.cleanup;
