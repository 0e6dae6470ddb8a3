/**
 * The typed configuration: every {@code kickout.*} key in {@link dev.kickout.internal.config.Setting}, read
 * once by {@link dev.kickout.internal.config.KickoutConfig}. Knows no feature; every feature uses it.
 */
package dev.kickout.internal.config;
