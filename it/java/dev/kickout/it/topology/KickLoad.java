package dev.kickout.it.topology;

import dev.kickout.it.http.Api;
import dev.kickout.it.http.Reply;
import java.util.Queue;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Logs the victim in on one instance and has the admin kick that session on the other, again and
 * again; a kick refused with 503 is retried until it is answered otherwise. The tokens of kicks
 * answered 200 go to {@code confirmed}: each must stay refused.
 */
final class KickLoad extends Worker {

    private final Api loginOn;
    private final Api kickOn;
    private final String victim;
    private final AdminToken admin;
    private final CallLog log;
    private final Queue<String> confirmed;

    KickLoad(Api loginOn, Api kickOn, String victim, AdminToken admin, CallLog log, Queue<String> confirmed,
             AtomicBoolean stop) {
        super(stop);
        this.loginOn = loginOn;
        this.kickOn = kickOn;
        this.victim = victim;
        this.admin = admin;
        this.log = log;
        this.confirmed = confirmed;
    }

    @Override
    void round(int round) {
        Reply login = log.send("login", true, () -> loginOn.tryLogin(victim, victim, "load", "failover-" + round));
        if (login == null || login.status() != 200) {
            pause();
            return;
        }
        String token = login.json().getString("token");
        String sessionId = login.json().getJsonObject("session").getString("sessionId");
        while (!stopped()) {
            String adminToken = admin.get();
            if (adminToken == null) {
                pause();
                continue;
            }
            Reply kick = log.send("kick", true,
                    () -> kickOn.delete("admin/sessions/" + sessionId + "?reason=failover", adminToken));
            if (kick != null && kick.status() == 200) {
                confirmed.add(token);
                return;
            }
            if (kick != null && kick.status() == 401) {
                admin.renew(adminToken);
            } else if (kick != null && kick.status() != 503) {
                return; // 404: the login was lost in the failover, or an earlier, refused kick did happen
            }
            pause();
        }
    }
}
