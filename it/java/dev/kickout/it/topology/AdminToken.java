package dev.kickout.it.topology;

import dev.kickout.it.http.Api;
import dev.kickout.it.http.Reply;

/**
 * The admin's bearer token for a drill, logged in again when the session is gone (a login that
 * was answered but lost in a failover is allowed: logins are not among the durable decisions).
 */
final class AdminToken {

    private final Api api;
    private final CallLog log;
    private final boolean onKilled;
    private volatile String token;

    AdminToken(Api api, CallLog log, boolean onKilled) {
        this.api = api;
        this.log = log;
        this.onKilled = onKilled;
    }

    String get() {
        String current = token;
        return current != null ? current : renew(null);
    }

    /** Logs in again unless another thread already replaced {@code stale}; null if the login failed. */
    synchronized String renew(String stale) {
        if (token != null && !token.equals(stale)) {
            return token;
        }
        Reply login = log.send("admin login", onKilled, () -> api.tryLogin("admin", "admin", "console", "failover"));
        token = login != null && login.status() == 200 ? login.json().getString("token") : null;
        return token;
    }
}
