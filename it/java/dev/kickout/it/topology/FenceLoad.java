package dev.kickout.it.topology;

import dev.kickout.it.http.Api;
import dev.kickout.it.http.Reply;
import dev.kickout.it.topology.Placement.Resource;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReadWriteLock;

/**
 * One thread per resource: acquire on one instance, release on the other, alternating. Being alone
 * on its resource, it sees the fences in the order they were handed out; a 201 is a new holding
 * (its fence must exceed every earlier one), a 200 renews this session's holding (a release that
 * was refused or lost), so its fence may equal the last one but never be lower. Each round holds
 * the shared {@code gate}'s read lock: the drill takes its write lock to stop every fence load
 * between rounds (to read the fence counters before any new acquire moves them).
 */
final class FenceLoad extends Worker {

    /** A fence as answered: status 201 (new holding) or 200 (renewed). */
    record Fence(int status, long fence) {
    }

    private final Api[] instances;
    private final Resource resource;
    private final String user;
    private final CallLog log;
    private final List<Fence> fences = new CopyOnWriteArrayList<>();
    private final ReadWriteLock gate;
    private String token;

    FenceLoad(Api a, Api b, Resource resource, String user, CallLog log, ReadWriteLock gate, AtomicBoolean stop) {
        super(stop);
        this.gate = gate;
        this.instances = new Api[] {a, b};
        this.resource = resource;
        this.user = user;
        this.log = log;
    }

    Resource resource() {
        return resource;
    }

    List<Fence> fences() {
        return List.copyOf(fences);
    }

    @Override
    void round(int round) {
        try {
            gate.readLock().lockInterruptibly();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return;
        }
        try {
            acquireAndRelease(round);
        } finally {
            gate.readLock().unlock();
        }
    }

    private void acquireAndRelease(int round) {
        Api on = instances[round % 2];
        Api other = instances[(round + 1) % 2];
        if (token == null && !login(on)) {
            pause();
            return;
        }
        String session = token;
        Reply acquired = log.send("acquire", resource.onKilled(), () -> on.post(resource.path(), session, null));
        if (acquired == null || acquired.status() >= 300) {
            if (acquired != null && acquired.status() == 401) {
                token = null; // the lock user's login was lost in the failover
            }
            pause();
            return;
        }
        fences.add(new Fence(acquired.status(), acquired.json().getJsonNumber("fence").longValue()));
        String lockToken = acquired.json().getString("lockToken");
        log.send("release", resource.onKilled(),
                () -> other.send(other.request(resource.path(), session, lockToken).DELETE()));
    }

    private boolean login(Api on) {
        Reply login = log.send("lock login", false, () -> on.tryLogin(user, user, "fence", resource.id()));
        token = login != null && login.status() == 200 ? login.json().getString("token") : null;
        return token != null;
    }
}
