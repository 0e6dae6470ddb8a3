/**
 * What a host implements for the module to call: {@link dev.kickout.spi.LockPolicy} (who may edit what,
 * deciding for a {@link dev.kickout.spi.Caller}) and {@link dev.kickout.spi.LockTokenSource} (where a guarded
 * save finds its lock token). Both are plain CDI beans of the host.
 */
package dev.kickout.spi;
