package dev.kickout.bench;

import dev.kickout.LockView;
import dev.kickout.ResourceRef;
import dev.kickout.internal.lock.EditLocks;
import dev.kickout.internal.session.ClientInfo;
import dev.kickout.internal.session.Identity;
import dev.kickout.internal.session.Session;
import dev.kickout.internal.session.SessionService;
import dev.kickout.it.http.Api;
import dev.kickout.it.http.Deployments;
import jakarta.inject.Inject;
import java.net.URL;
import java.util.Map;
import java.util.Set;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Acquire + release pairs per second through the Java API (in the server) and over HTTP, next to a
 * no-op HTTP endpoint measured in the same run. 4 threads, 5 s each, one resource per thread.
 */
@ExtendWith(ArquillianExtension.class)
class LockThroughputBench {

    @Deployment
    static WebArchive deployment() {
        return Deployments.referenceWar("bench.war", Map.of("kickout.key-prefix", "bench",
                "kickout.login.policy", "MULTI", "kickout.filter.exclude", "/api/auth/login,/api/events,/api/app/bench/noop"))
                .addClasses(NoopResource.class, Bench.class, Bench.Op.class, Api.class, Api.Login.class,
                        dev.kickout.it.http.Reply.class);
    }

    @Inject
    SessionService sessions;
    @Inject
    EditLocks locks;

    @Test
    void javaApi() throws Exception {
        Session[] holders = new Session[4];
        for (int t = 0; t < holders.length; t++) {
            String token = sessions.open(new Identity("bench-" + t, "bench-" + t, Set.of("user")),
                    new ClientInfo("bench", "bench-" + t, "127.0.0.1", "bench")).token();
            holders[t] = sessions.authenticate(token);
        }
        double single = Bench.opsPerSecond(1, 5000, t -> pair(holders[t]));
        double four = Bench.opsPerSecond(4, 5000, t -> pair(holders[t]));
        System.out.printf("[figure] Java API acquire+release pairs/s: %.0f (1 thread), %.0f (4 threads)%n", single, four);
    }

    private void pair(Session holder) {
        ResourceRef resource = new ResourceRef("bench", holder.userId());
        LockView lock = locks.acquire(resource, holder).lock();
        locks.release(resource, lock.lockToken(), holder);
    }

    @Test
    @RunAsClient
    void http(@ArquillianResource URL base) throws Exception {
        Api api = new Api(base);
        String[] tokens = new String[4];
        for (int t = 0; t < tokens.length; t++) {
            tokens[t] = api.login(t % 2 == 0 ? "alice" : "bob", "bench-" + t).token();
        }
        // the demo's Application (/api/app) serves the no-op; every answer must be a 200, or the rate means nothing
        double noop = Bench.opsPerSecond(4, 5000, t -> ok(api.get("app/bench/noop", null)));
        double status = Bench.opsPerSecond(4, 5000, t -> ok(api.get("auth/status", tokens[t])));
        double pairs = Bench.opsPerSecond(4, 5000, t -> {
            String path = "locks/bench/http-" + t;
            String lockToken = api.post(path, tokens[t], null).json().getString("lockToken");
            api.send(api.request(path, tokens[t], lockToken).DELETE());
        });
        System.out.printf("[figure] HTTP, 4 client threads: no-op endpoint %.0f req/s, authenticated GET /auth/status "
                + "%.0f req/s, acquire+release %.0f pairs/s (%.0f req/s)%n", noop, status, pairs, 2 * pairs);
    }

    private static void ok(dev.kickout.it.http.Reply reply) {
        if (reply.status() != 200) {
            throw new IllegalStateException("the benchmark's request answered " + reply.status() + ": " + reply.body());
        }
    }
}
