/**
 * What a host implements for the module to call: {@link dev.kickout.spi.LockPolicy} (who may edit what,
 * deciding for a {@link dev.kickout.spi.Caller}), {@link dev.kickout.spi.LockTokenSource} (where a guarded
 * save finds its lock token) and {@link dev.kickout.spi.UserIdMapping} (the user id a signed-in caller is
 * keyed by). All are plain CDI beans of the host.
 */
package dev.kickout.spi;
