package dev.kickout.it.topology;

import dev.kickout.it.http.Api;
import dev.kickout.it.http.Reply;
import java.util.Queue;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Logs the victim in on one instance and has the admin kick that session on the other, again and
 * again; a kick refused with 503 is retried until it is answered otherwise. The tokens of kicks
 * answered 200 go to {@code confirmed}: each must stay refused. A kick answered 404 is explained
 * only by an earlier try of it that was answered 503 and did apply (its token then answers 401
 * {@code KICKED}); any other 404 means a login answered 200 was lost, and goes to {@code lost}.
 */
final class KickLoad extends Worker {

    private final Api loginOn;
    private final Api kickOn;
    private final String victim;
    private final AdminToken admin;
    private final CallLog log;
    private final Queue<String> confirmed;
    private final Queue<String> lost;

    KickLoad(Api loginOn, Api kickOn, String victim, AdminToken admin, CallLog log, Queue<String> confirmed,
             Queue<String> lost, AtomicBoolean stop) {
        super(stop);
        this.loginOn = loginOn;
        this.kickOn = kickOn;
        this.victim = victim;
        this.admin = admin;
        this.log = log;
        this.confirmed = confirmed;
        this.lost = lost;
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
        boolean triedUnconfirmed = false;
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
            } else if (kick != null && kick.status() == 404) {
                Reply status = Verdict.status(loginOn, token);
                if (!triedUnconfirmed || status.status() != 401 || !"KICKED".equals(status.code())) {
                    lost.add("login of session " + sessionId + " (kick answered 404, an earlier try answered 503: "
                            + triedUnconfirmed + "; its status then " + status.status() + " " + status.body() + ")");
                }
                return;
            } else if (kick != null && kick.status() != 503) {
                return; // any other answer is counted by the drill (CallLog)
            }
            triedUnconfirmed = true; // a 503 or no answer: the kick may have applied on the master
            pause();
        }
    }
}
