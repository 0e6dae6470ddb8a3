/**
 * Events to a session's open pages (Server-Sent Events): {@link dev.kickout.push.Push} stores an
 * event in the session's Redis stream and wakes every instance over pub/sub;
 * {@link dev.kickout.push.SseHub} owns this instance's streams, their caps, their maximum age and
 * their end with the session; {@link dev.kickout.push.StreamOpened} lets hosts send a page its
 * state as it connects. Observes the {@code session} and {@code lock} features' CDI events and
 * uses {@code redis} and {@code config}; no other feature calls into it except through
 * {@link dev.kickout.push.Push}.
 */
package dev.kickout.push;
