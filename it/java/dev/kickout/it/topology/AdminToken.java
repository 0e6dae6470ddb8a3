package dev.kickout.it.topology;

import dev.kickout.it.http.Api;
import dev.kickout.it.http.Reply;

/**
 * The admin's bearer token for a drill, logged in again until a login is answered 200. A login answered
 * 200 was confirmed by a replica: its token refused later is a lost decision, which the drill's
 * {@link CallLog#unexpectedRefusal} counts (the token is renewed so that the load goes on).
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
