/**
 * The reference app behind a real nginx, round-robin over two WildFly instances of its own
 * ({@link dev.kickout.it.proxy.ProxyStack}, started and stopped per test class; Arquillian's "a" and "b"
 * are not used, so a test may kill an instance). The browser failover through the proxy is
 * {@code dev.kickout.it.ui.ProxyFailoverUiIT}; the other browser flows through it,
 * {@code dev.kickout.it.ui.ProxyBrowserUiIT}. WildFly only; skipped without {@code /usr/sbin/nginx}
 * unless {@code -Dkickout.ui.required=true}.
 */
package dev.kickout.it.proxy;
