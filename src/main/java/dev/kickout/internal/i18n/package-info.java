/**
 * The languages of human texts: {@link dev.kickout.internal.i18n.Text} (a message key and its arguments,
 * resolved from the {@code dev/kickout/messages*.properties} bundles) and
 * {@link dev.kickout.internal.i18n.Languages} (the language a request asks for). Knows no feature; the root's
 * problem exceptions and the {@code rest} edge use it. Only {@code detail} texts are translated: problem
 * {@code code}s and event payloads are data and stay as they are.
 */
package dev.kickout.internal.i18n;
