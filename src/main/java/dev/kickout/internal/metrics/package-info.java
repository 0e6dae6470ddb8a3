/**
 * The module's metrics: {@link dev.kickout.internal.metrics.Metrics} is what features record into (counts,
 * gauges, Redis script times), bound once at deployment to the registry the server offers:
 * Micrometer's {@code MeterRegistry} (WildFly, layer {@code micrometer}), MicroProfile Metrics'
 * {@code MetricRegistry} (Payara), else nothing. Only the binder of the API found is ever loaded, so
 * the module deploys on a server with neither. Uses no other package of the module; every feature
 * may use it. Meter names are in {@link dev.kickout.internal.metrics.Metrics} and docs/reference/metrics.md.
 */
package dev.kickout.internal.metrics;
