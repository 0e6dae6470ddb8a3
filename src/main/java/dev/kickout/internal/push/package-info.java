/**
 * Events to a session's open pages (Server-Sent Events): {@link dev.kickout.internal.push.Push} stores an
 * event in the session's Redis stream and wakes every instance over pub/sub;
 * {@link dev.kickout.internal.push.SseHub} owns this instance's streams, their caps, their maximum age and
 * their end with the session; {@link dev.kickout.event.StreamOpened} lets hosts send a page its
 * state as it connects. Observes the {@code session} and {@code lock} features' CDI events and
 * uses {@code redis} and {@code config}; no other feature calls into it except through
 * {@link dev.kickout.internal.push.Push}.
 */
package dev.kickout.internal.push;
