/**
 * The typed configuration: every {@code kickout.*} key in {@link dev.kickout.config.Setting}, read
 * once by {@link dev.kickout.config.KickoutConfig}. Knows no feature; every feature uses it.
 */
package dev.kickout.config;
