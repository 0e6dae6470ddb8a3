package dev.kickout.it.topology;

import dev.kickout.it.http.Api;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Asks for the status of one of the victim's sessions on a and b in turn: a read (and a sliding
 * expiry touch) in the victim's slot, which needs no replica, so it shows when the slot is served
 * again, apart from the decisions that also need a replica to confirm them.
 */
final class ProbeLoad extends Worker {

    private final Api[] instances;
    private final String token;
    private final CallLog log;

    ProbeLoad(Api a, Api b, String token, CallLog log, AtomicBoolean stop) {
        super(stop);
        this.instances = new Api[] {a, b};
        this.token = token;
        this.log = log;
    }

    @Override
    void round(int round) {
        Api on = instances[round % 2];
        log.send("status", true, () -> on.get("auth/status", token));
        pause(); // a read every 50 ms is enough to time the return of service; more would only load the machine
    }
}
