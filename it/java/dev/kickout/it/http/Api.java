package dev.kickout.it.http;

import static org.junit.jupiter.api.Assertions.assertEquals;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** A small client of the Kickout REST API over real HTTP. Paths are relative to the REST root. */
public final class Api {

    private static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private final URI restRoot;

    /** @param contextRoot e.g. {@code http://127.0.0.1:8180/kickout/} (Arquillian's deployment URL) */
    public Api(URL contextRoot) {
        this(URI.create(contextRoot.toString()).resolve("api/"));
    }

    public Api(URI restRoot) {
        this.restRoot = restRoot;
    }

    public URI uri(String path) {
        return restRoot.resolve(path);
    }

    public Reply get(String path, String token) {
        return send(request(path, token).GET());
    }

    /**
     * How long another instance may serve a token after its revocation returned, in tests: far under the near
     * cache's {@code kickout.session.near-cache.max-age} (1 min), and the fence stays up while heartbeats flow,
     * so it is the invalidation that refuses the token there.
     */
    public static final Duration CROSS_INSTANCE = Duration.ofSeconds(1);

    /**
     * GETs {@code path} until it stops answering 200, at most for {@code within}, and answers the last reply. For a
     * token revoked through another instance: this one refuses it once its near cache hears the invalidation, which
     * the deciding script publishes (milliseconds; docs/design/near-cache.md), not before the revocation returned.
     */
    public Reply refusedWithin(String path, String token, Duration within) {
        long deadline = System.nanoTime() + within.toNanos();
        Reply reply = get(path, token);
        while (reply.status() == 200 && System.nanoTime() < deadline) {
            reply = get(path, token);
        }
        return reply;
    }

    public Reply post(String path, String token, String json) {
        return send(request(path, token).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json == null ? "" : json)));
    }

    public Reply put(String path, String token, String json) {
        return send(request(path, token).header("Content-Type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofString(json)));
    }

    public Reply delete(String path, String token) {
        return send(request(path, token).DELETE());
    }

    public HttpRequest.Builder request(String path, String token) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(uri(path)).timeout(Duration.ofSeconds(30));
        if (token != null) {
            builder.header("Authorization", "Bearer " + token);
        }
        return builder;
    }

    public Reply send(HttpRequest.Builder request) {
        try {
            HttpResponse<String> response = CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
            return new Reply(response.statusCode(), response.headers(), response.body());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** A request carrying the lock token header as well. */
    public HttpRequest.Builder request(String path, String token, String lockToken) {
        return request(path, token).header("X-Lock-Token", lockToken);
    }

    public Reply tryLogin(String username, String password, String deviceType, String clientId) {
        JsonObject body = Json.createObjectBuilder().add("username", username).add("password", password)
                .add("deviceType", deviceType).add("clientId", clientId).build();
        return post("auth/login", null, body.toString());
    }

    /** Logs a demo user in (password = user name) and asserts success. */
    public Login login(String username, String deviceType) {
        Reply reply = tryLogin(username, username, deviceType, "it-" + deviceType);
        assertEquals(200, reply.status(), reply::body);
        JsonObject body = reply.json();
        return new Login(body.getString("token"), body.getJsonObject("session").getString("sessionId"), body);
    }

    /** A successful login: the token, the session id and the whole answer. */
    public record Login(String token, String sessionId, JsonObject body) {
    }
}
