package dev.kickout.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.bench.RedisCalls.Count;
import dev.kickout.internal.cleanup.Sweeper;
import dev.kickout.internal.redis.Script;
import dev.kickout.it.http.Api;
import dev.kickout.it.http.Api.Login;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.http.EventStream;
import dev.kickout.it.http.Reply;
import dev.kickout.it.support.ServerUnderTest;
import dev.kickout.it.support.TestRedis;
import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Redis load for sizing (server-config/redis/README.md, "Load: commands per operation"): what Redis
 * runs for one login, authenticated request, logout, admin kick, lock acquire, heartbeat, save under
 * the lock, release and force release, for opening an event stream, an idle minute of open streams,
 * one event to 1 and to 50 streams of a session, one sweeper run and one metrics scrape. Counted by
 * Redis itself ({@link RedisCalls}) around each operation, over real HTTP to a real WildFly.
 * <p>
 * The instance's own timers are pushed out of the way (sweeper, outbox drainer and lock watch every
 * hour) so that a window holds only its operation; {@link RedisIdleCommandsBench} measures them at their defaults.
 * Redisson's PING (every 30 s on each idle connection) is left out of the per-operation figures and
 * reported with the idle streams. A window ends once Redis has seen nothing for {@value #QUIET_MS} ms
 * (follow-ups such as audit entries and event delivery are included). The near cache is off, so each
 * request's token check goes to Redis (one round trip; with the near cache, the default, it is
 * answered in memory): each figure also gives the round trips beside the token checks, counted by
 * their script's calls. {@code KICKOUT_BENCH_TRACE=1} in the environment prints each window's client
 * commands.
 */
@ExtendWith(ArquillianExtension.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class RedisCommandsBench {

    static final long QUIET_MS = 400;
    static final int REPEAT = 10;
    static final int REQUESTS = 1000;
    static final int FAN_OUT = 50;
    static final int IDLE_SECONDS = 60;

    private static RedisCalls calls;

    @Deployment
    static WebArchive deployment() {
        return Deployments.referenceWar("commands.war", Map.of("kickout.key-prefix", "commands",
                "kickout.cleanup.interval", "PT1H", "kickout.outbox.interval", "PT1H",
                "kickout.lock.watch-interval", "PT1H",
                "kickout.sse.max-streams-per-session", "1000", "kickout.sse.max-streams-per-user", "1000",
                "kickout.lock.force-release-grace", "PT0S",
                // the near cache's heartbeats would never let Redis go quiet; every request is checked in Redis
                "kickout.session.near-cache", "false"))
                // JUnit reads every method's signature in the server too (for the in-container sweep)
                .addClasses(RedisCalls.class, Count.class, Api.class, Login.class, Reply.class, EventStream.class,
                        EventStream.Event.class);
    }

    @Inject
    Sweeper sweeper;

    @Test
    @Order(1)
    @RunAsClient
    void sessions(@ArquillianResource URL base) throws Exception {
        Api api = new Api(base);
        String admin = api.login("admin", "console").token();
        api.get("auth/status", admin).assertOk(200); // warms the paths up before anything is counted

        Count logins = Count.NONE;
        List<Login> sessions = new ArrayList<>();
        for (int i = 0; i < REPEAT; i++) {
            calls().start();
            Reply login = api.tryLogin("alice", "alice", "web", "bench-" + i);
            logins = logins.plus(stop());
            JsonObject body = login.assertOk(200);
            sessions.add(new Login(body.getString("token"), body.getJsonObject("session").getString("sessionId"), body));
        }
        figure("login (policy MULTI, no session replaced)", logins, REPEAT);

        String token = sessions.get(0).token();
        calls().start();
        for (int i = 0; i < REQUESTS; i++) {
            api.get("auth/status", token).assertOk(200);
        }
        figure("authenticated request GET /auth/status", stop(), REQUESTS);
        calls().start();
        for (int i = 0; i < REQUESTS; i++) {
            api.get("auth/me", token).assertOk(200);
        }
        figure("authenticated request GET /auth/me", stop(), REQUESTS);
        calls().start();
        for (int i = 0; i < REQUESTS; i++) {
            api.get("app/documents/doc-1", token).assertOk(200);
        }
        figure("authenticated request to the host app (demo GET /app/documents/{id})", stop(), REQUESTS);

        Count logouts = Count.NONE;
        for (Login session : sessions) {
            calls().start();
            api.post("auth/logout", session.token(), null).assertOk(204);
            logouts = logouts.plus(stop());
        }
        figure("logout", logouts, REPEAT);

        Count kicks = Count.NONE;
        for (int i = 0; i < REPEAT; i++) {
            Login victim = api.login("bob", "kick-" + i);
            try (EventStream stream = openStream(api, victim.token())) {
                calls().start();
                api.delete("admin/sessions/" + victim.sessionId() + "?reason=bench", admin).assertOk(200);
                assertEquals("FORCE_LOGOUT", stream.next(Duration.ofSeconds(30)).type());
                kicks = kicks.plus(stop());
            }
        }
        figure("admin kick of one session (DELETE /admin/sessions/{id}; its FORCE_LOGOUT reaches the session's open "
                + "stream; the admin's own authentication included)", kicks, REPEAT);
    }

    @Test
    @Order(2)
    @RunAsClient
    void locks(@ArquillianResource URL base) {
        Api api = new Api(base);
        String admin = api.login("admin", "console").token();
        String holder = api.login("carol", "locks").token();
        Count acquires = Count.NONE;
        Count heartbeats = Count.NONE;
        Count saves = Count.NONE;
        Count releases = Count.NONE;
        Count forced = Count.NONE;
        for (int i = 0; i < REPEAT; i++) {
            String path = "locks/document/doc-" + (i + 1);
            long version = api.get("app/documents/doc-" + (i + 1), holder).assertOk(200).getJsonNumber("version").longValue();

            calls().start();
            String lockToken = api.post(path, holder, null).assertOk(201).getString("lockToken");
            acquires = acquires.plus(stop());

            calls().start();
            api.send(api.request(path + "/heartbeat", holder, lockToken).PUT(HttpRequest.BodyPublishers.noBody()))
                    .assertOk(200);
            heartbeats = heartbeats.plus(stop());

            String document = Json.createObjectBuilder().add("title", "bench " + i).add("body", "")
                    .add("version", version).build().toString();
            calls().start();
            api.send(api.request("app/documents/doc-" + (i + 1), holder, lockToken)
                    .header("Content-Type", "application/json").PUT(HttpRequest.BodyPublishers.ofString(document)))
                    .assertOk(200);
            saves = saves.plus(stop());

            calls().start();
            api.send(api.request(path, holder, lockToken).DELETE()).assertOk(204);
            releases = releases.plus(stop());

            api.post(path, holder, null).assertOk(201);
            calls().start();
            api.post("admin/" + path + "/release", admin, "{\"reason\":\"bench\"}").assertOk(200);
            forced = forced.plus(stop());
        }
        figure("lock acquire (POST /locks/{type}/{id})", acquires, REPEAT);
        figure("lock heartbeat (PUT .../heartbeat)", heartbeats, REPEAT);
        figure("save under the lock (demo PUT /app/documents/{id}: token filter, @RequiresEditLock check, fence)",
                saves, REPEAT);
        figure("lock release (DELETE /locks/{type}/{id})", releases, REPEAT);
        figure("admin force release (holder without an open stream; the admin's own authentication included)",
                forced, REPEAT);
    }

    @Test
    @Order(3)
    @RunAsClient
    void streams(@ArquillianResource URL base) throws Exception {
        Api api = new Api(base);
        String admin = api.login("admin", "console").token();
        List<EventStream> open = new ArrayList<>();
        try {
            Count bearer = Count.NONE;
            Count ticketed = Count.NONE;
            for (int i = 0; i < REPEAT; i++) {
                String token = api.login("bob", "stream-" + i).token();
                calls().start();
                open.add(openStream(api, token));
                bearer = bearer.plus(stop());
                calls().start();
                String ticket = api.post("events/ticket", token, null).assertOk(200).getString("ticket");
                open.add(openStream(api.request("events?ticket=" + ticket, null)));
                ticketed = ticketed.plus(stop());
            }
            figure("event stream opened with the bearer header (GET /events, up to its STREAM_OPEN)", bearer, REPEAT);
            figure("event stream opened the browser's way (POST /events/ticket, then GET /events?ticket=)", ticketed, REPEAT);

            String one = api.login("carol", "fan-out-1").token();
            String many = api.login("carol", "fan-out-" + FAN_OUT).token();
            List<EventStream> oneStream = List.of(openStream(api, one));
            List<EventStream> manyStreams = new ArrayList<>();
            for (int i = 0; i < FAN_OUT; i++) {
                manyStreams.add(openStream(api, many));
            }
            open.addAll(oneStream);
            open.addAll(manyStreams);
            Count toOne = Count.NONE;
            Count toMany = Count.NONE;
            for (int i = 0; i < 3; i++) {
                toOne = toOne.plus(forceRelease(api, admin, one, "fan-out-1", oneStream));
                toMany = toMany.plus(forceRelease(api, admin, many, "fan-out-" + FAN_OUT, manyStreams));
            }
            figure("force release whose EDIT_LOCK_RELEASED reaches 1 open stream of the holder", toOne, 3);
            figure("force release whose EDIT_LOCK_RELEASED reaches " + FAN_OUT + " open streams of the holder", toMany, 3);
            System.out.printf("[figure] redis per extra stream an event reaches: %s commands (%d streams vs 1)%n",
                    RedisCalls.format((double) (toMany.commands() - toOne.commands()) / 3 / (FAN_OUT - 1)), FAN_OUT);

            idle(open);
        } finally {
            open.forEach(EventStream::close);
        }
    }

    /**
     * {@code open} streams idle for {@value #IDLE_SECONDS} s (keep-alive every 15 s; a stream re-reads its
     * session only when the expiry Redis gave it has passed, 30 min at the default TTL), counted while
     * the keep-alive comments are read from the first stream.
     */
    private static void idle(List<EventStream> open) throws InterruptedException {
        calls().start();
        long start = System.nanoTime();
        long end = start + Duration.ofSeconds(IDLE_SECONDS).toNanos();
        int keepAlives = 0;
        for (EventStream.Event event = open.get(0).nextAny(Duration.ofNanos(end - System.nanoTime()));
                event != null && System.nanoTime() < end;
                event = open.get(0).nextAny(Duration.ofNanos(Math.max(1, end - System.nanoTime())))) {
            assertEquals("comment", event.type(), "an idle stream gets only keep-alive comments");
            keepAlives++;
        }
        Count window = calls().stop(0);
        double minutes = (System.nanoTime() - start) / 60e9;
        assertTrue(keepAlives >= 2, "keep-alives went out meanwhile: " + keepAlives);
        Count streams = window.without("ping");
        System.out.printf("[figure] redis per minute for %d idle open streams (%.1f s measured, %d keep-alives on one "
                + "stream): %s round trips, %s commands, %s bytes (top: %s); Redisson PING besides: %s per minute%n",
                open.size(), minutes * 60, keepAlives, RedisCalls.format(streams.reads() / minutes),
                RedisCalls.format(streams.commands() / minutes), String.format("%.0f", streams.inputBytes() / minutes),
                streams.top(5, minutes),
                RedisCalls.format(window.byCommand().getOrDefault("ping", 0L) / minutes));
    }

    private static Count forceRelease(Api api, String admin, String holder, String id, List<EventStream> streams)
            throws InterruptedException {
        api.post("locks/document/" + id, holder, null).assertOk(201);
        calls().start();
        api.post("admin/locks/document/" + id + "/release", admin, "{\"reason\":\"bench\"}").assertOk(200);
        for (EventStream stream : streams) {
            assertEquals("EDIT_LOCK_RELEASED", stream.next(Duration.ofSeconds(30)).type());
        }
        return stop();
    }

    @Test
    @Order(4)
    @RunAsClient
    void beforeSweep() {
        calls().start();
    }

    @Test
    @Order(5)
    void sweep() {
        assertTrue(sweeper.sweepOnce(), "this instance took the sweep lease");
    }

    @Test
    @Order(6)
    @RunAsClient
    void afterSweep(@ArquillianResource URL base) throws Exception {
        figure("sweeper run (one instance, the sessions and locks this benchmark left)", stop(), 1);

        URI metrics = ServerUnderTest.current().metrics(base);
        HttpClient client = HttpClient.newHttpClient();
        HttpRequest scrape = HttpRequest.newBuilder(metrics).timeout(Duration.ofSeconds(30)).GET().build();
        calls().start();
        HttpResponse<String> first = client.send(scrape, HttpResponse.BodyHandlers.ofString());
        HttpResponse<String> second = client.send(scrape, HttpResponse.BodyHandlers.ofString());
        Count scrapes = stop();
        assertEquals(200, first.statusCode(), first::body);
        assertEquals(200, second.statusCode(), second::body);
        assertTrue(first.body().contains("kickout_sessions_online"), "the gauge is scraped");
        figure("metrics scrape pair, 2 scrapes within 5 s (the sessions-online gauge counts at most once per 5 s)",
                scrapes, 1);
    }

    /** Also after a failure, so that no MONITOR stays open on the test Redis (runs in the server too: nothing there). */
    @AfterAll
    static void closeCounter() {
        if (calls != null) {
            calls.close();
            calls = null;
        }
    }

    static EventStream openStream(Api api, String token) throws InterruptedException {
        return openStream(api.request("events", token));
    }

    /** Opens a stream and waits for its STREAM_OPEN, so that it is registered and its replay read. */
    private static EventStream openStream(HttpRequest.Builder request) throws InterruptedException {
        EventStream stream = EventStream.open(request);
        assertEquals(200, stream.status(), stream::body);
        for (EventStream.Event event = stream.nextAny(Duration.ofSeconds(30)); ; event = stream.nextAny(Duration.ofSeconds(30))) {
            assertTrue(event != null && !event.type().equals("end"), "STREAM_OPEN within 30 s");
            if (event.type().equals("STREAM_OPEN")) {
                return stream;
            }
        }
    }

    private static Count stop() {
        return calls().stop(QUIET_MS).without("ping");
    }

    private static RedisCalls calls() {
        if (calls == null) {
            calls = new RedisCalls(TestRedis.port());
        }
        return calls;
    }

    /** One figure line: per operation, averaged over {@code operations}. */
    static void figure(String what, Count count, int operations) {
        double n = operations;
        // each request's token check is one EVALSHA of authenticate.lua sent alone (near cache off): one read each
        long tokenChecks = count.calls(Script.AUTHENTICATE.sha());
        System.out.printf("[figure] redis per %s: %s round trips (socket reads; %s beside the token checks), %s client "
                + "commands, %s Redis commands (%s inside scripts), %s bytes sent to Redis; top: %s [%d operations, %d windows%s]%n",
                what, RedisCalls.format(count.reads() / n), RedisCalls.format((count.reads() - tokenChecks) / n),
                RedisCalls.format(count.clientCommands() / n),
                RedisCalls.format(count.commands() / n), RedisCalls.format(count.inScripts() / n),
                String.format("%.0f", count.inputBytes() / n), count.top(6, n), operations, count.windows(),
                count.monitored() == count.commands() ? "" : "; MONITOR saw " + count.monitored());
    }
}
