/**
 * Kickout: force logout and edit-lock release for Jakarta EE applications. This package, with
 * {@link dev.kickout.spi} and {@link dev.kickout.event}, is the whole public API; everything under
 * {@code dev.kickout.internal} may change in any release.
 *
 * <ul>
 * <li>{@link dev.kickout.Kickout}, the facade bean: kick users, sessions or device types, break locks, list
 *     sessions and read a record's holder; {@link dev.kickout.CurrentSession}, the caller's session.</li>
 * <li>Guarding saves: {@link dev.kickout.RequiresEditLock} with {@link dev.kickout.LockToken}, the
 *     request's {@link dev.kickout.HeldLock}, fenced writes ({@link dev.kickout.FencedRecord} or the
 *     embeddable {@link dev.kickout.Fence}, with {@link dev.kickout.FencedWrites}).</li>
 * <li>The values they answer: {@link dev.kickout.SessionView}, {@link dev.kickout.LockView},
 *     {@link dev.kickout.LockHolder}, {@link dev.kickout.ResourceRef}, {@link dev.kickout.Actor}.</li>
 * <li>The refusals a host may catch: {@link dev.kickout.KickoutException} (status, {@link dev.kickout.ProblemCode},
 *     detail) and the lock ones a guarded save throws.</li>
 * <li>Wiring: {@link dev.kickout.KickoutApplication} (the module's REST root), {@link dev.kickout.KickoutResources}
 *     (its classes, for a host's own Application), {@link dev.kickout.OpenApiFilter} (the OpenAPI document of
 *     a moved root), {@link dev.kickout.ForKickout} (a host's own Redisson client).</li>
 * </ul>
 *
 * <p>The layers, top down: this API and the registry of the module's resources; the features
 * ({@code internal.session}, {@code lock}, {@code push}, {@code audit}, {@code admin}, {@code cleanup},
 * {@code outbox}, {@code faces}, {@code security}, {@code health}); the shared layers ({@code internal.rest},
 * {@code redis}, {@code config}, {@code i18n}, {@code metrics} and {@code internal} itself), which know no
 * feature. {@code demo} is the reference app, which the module never imports.
 */
package dev.kickout;
