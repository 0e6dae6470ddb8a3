/**
 * The module's implementation: not API, may change in any release. Features sit in their own packages
 * ({@code session}, {@code lock}, {@code push}, {@code audit}, {@code admin}, {@code cleanup}, {@code outbox},
 * {@code faces}, {@code security}, {@code health}) and use the shared layers below them: {@code rest} (the
 * problem+json mapping, request helpers, the OpenAPI names), {@code redis} (keys, scripts, the store),
 * {@code config}, {@code i18n}, {@code metrics}, and this package (input {@link dev.kickout.internal.Checks},
 * {@link dev.kickout.internal.Json}, the log ids {@link dev.kickout.internal.LogId}). A shared layer imports no
 * feature; a feature never imports the API's registry ({@code KickoutResources}), Application or facade,
 * which sit above it ({@code LayersTest}).
 */
package dev.kickout.internal;
