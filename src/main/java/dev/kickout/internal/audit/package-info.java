/**
 * The audit trail: {@code AuditObserver} turns the features' CDI events into entries,
 * {@code AuditLog} stores them (Redis streams, optional JDBC sink, log lines) and
 * {@code AuditResource} serves {@code /admin/audit}. Uses {@code redis}, {@code config} and the
 * features' event records; no feature uses this package (the sweeper calls {@code AuditLog.trim}).
 */
package dev.kickout.internal.audit;
