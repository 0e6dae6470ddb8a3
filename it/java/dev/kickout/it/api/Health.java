package dev.kickout.it.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.it.http.Api;
import dev.kickout.it.http.Reply;
import dev.kickout.it.support.ServerUnderTest;
import dev.kickout.it.support.TestRedis;
import dev.kickout.it.support.Wait;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/** The health endpoints of the server running a deployment, polled with a deadline, and what their output must not show. */
final class Health {

    static final Duration DEADLINE = Duration.ofSeconds(45);
    private static final Duration CLIENT_TIMEOUT = Duration.ofSeconds(20);

    private final URI readiness;
    private final URI liveness;

    Health(URL deployment) {
        this.readiness = ServerUnderTest.current().readiness(deployment);
        this.liveness = ServerUnderTest.current().liveness(deployment);
    }

    Reply readiness() {
        return get(readiness);
    }

    Reply liveness() {
        return get(liveness);
    }

    /** Polls readiness until it answers {@code status} with the module's Redis check in {@code state}. */
    Reply awaitReadiness(int status, String state) {
        return Wait.until(DEADLINE,
                last -> "readiness " + status + " with kickout-redis " + state + "; last: " + last.status() + " " + last.body(),
                this::readiness, reply -> reply.status() == status && redisCheckIs(reply, state));
    }

    private static boolean redisCheckIs(Reply reply, String state) {
        return check(reply, "kickout-redis").map(c -> state.equals(c.getString("status"))).orElse(false);
    }

    /** Liveness answers 200 with the module's check UP. */
    Reply assertLive() {
        Reply reply = liveness();
        assertEquals(200, reply.status(), reply::body);
        JsonObject check = check(reply, "kickout").orElseThrow(() -> new AssertionError("no 'kickout' liveness check: " + reply.body()));
        assertEquals("UP", check.getString("status"), reply::body);
        assertEquals("running", check.getJsonObject("data").getString("streamTimers"), reply::body);
        return reply;
    }

    /** The named check of a health answer. */
    static Optional<JsonObject> check(Reply reply, String name) {
        JsonObject body = Json.createReader(new StringReader(reply.body())).readObject();
        return body.getJsonArray("checks").getValuesAs(JsonObject.class).stream()
                .filter(c -> name.equals(c.getString("name"))).findFirst();
    }

    /** No address, port, URL scheme, exception or key of the module in a public health answer. */
    static void assertNoInternals(Reply reply) {
        String body = reply.body();
        for (String internal : List.of("redis://", "127.0.0.1", "localhost", ":" + TestRedis.port(), String.valueOf(TestRedis.port()),
                "Exception", "exception", "kickout:", "{k", "at dev.", "at org.")) {
            assertFalse(body.contains(internal), () -> "health output shows '" + internal + "': " + body);
        }
        assertTrue(body.startsWith("{"), body);
    }

    private static Reply get(URI uri) {
        return new Api(uri).send(HttpRequest.newBuilder(uri).timeout(CLIENT_TIMEOUT).GET());
    }
}
