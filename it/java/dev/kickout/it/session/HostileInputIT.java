package dev.kickout.it.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.it.http.Api;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.http.Reply;
import java.net.URL;
import java.net.http.HttpRequest;
import java.util.List;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Hostile input gets a clear 4xx problem, never a 5xx. */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class HostileInputIT {

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.referenceWar();
    }

    @ArquillianResource
    URL base;

    Api api;

    @BeforeEach
    void setUp() {
        api = new Api(base);
    }

    static List<String> hostileTokens() {
        return List.of(
                "x".repeat(10 * 1024),
                "ünïcödé-tøken",
                "token with spaces",
                "AAAAAAAAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
                "{kickout}:*",
                "AAAAAAAAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA*",
                "../../etc/passwd");
    }

    @ParameterizedTest
    @MethodSource("hostileTokens")
    void oddTokensAreInvalid(String token) {
        api.send(api.request("auth/me", null).header("Authorization", "Bearer " + token))
                .assertProblem(401, "TOKEN_INVALID");
    }

    @ParameterizedTest
    @ValueSource(strings = {"Bearer", "Bearer ", "Bearer    ", "bearer"})
    void emptyBearerIsMissing(String header) {
        api.send(api.request("auth/status", null).header("Authorization", header)).assertProblem(401, "TOKEN_MISSING");
    }

    static List<String> badLoginBodies() {
        return List.of(
                "{",
                "not json at all",
                "[]",
                "{\"username\": 5, \"password\": {}}",
                "{}",
                "{\"username\":\"alice\",\"password\":\"alice\",\"deviceType\":\"web\"}",
                "{\"username\":\"alice\",\"password\":\"alice\",\"deviceType\":\"we b\",\"clientId\":\"c\"}",
                "{\"username\":\"alice\",\"password\":\"alice\",\"deviceType\":\"web\",\"clientId\":\"c\\n1\"}",
                "{\"username\":\"alice\",\"password\":\"alice\",\"deviceType\":\"*\",\"clientId\":\"c1\"}",
                "{\"username\":\"alice\",\"password\":\"alice\",\"deviceType\":\"" + "w".repeat(200) + "\",\"clientId\":\"c1\"}",
                "{\"username\":\"" + "a".repeat(5000) + "\",\"password\":\"alice\",\"deviceType\":\"web\",\"clientId\":\"c1\"}",
                "{\"username\":\"ali\\nce\",\"password\":\"alice\",\"deviceType\":\"web\",\"clientId\":\"c1\"}",
                "");
    }

    @ParameterizedTest
    @MethodSource("badLoginBodies")
    void malformedLoginBodiesAreInvalidRequests(String body) {
        api.post("auth/login", null, body).assertProblem(400, "INVALID_REQUEST");
    }

    @Test
    void wrongMediaTypeIsAProblemToo() {
        Reply reply = api.send(api.request("auth/login", null).header("Content-Type", "text/plain")
                .POST(HttpRequest.BodyPublishers.ofString("alice:alice")));
        assertTrue(reply.status() >= 400 && reply.status() < 500, reply::body);
        reply.assertProblem(reply.status(), "INVALID_REQUEST");
    }

    @ParameterizedTest
    @ValueSource(strings = {"*/*;q=x", "application/json;q=2"})
    void aMalformedAcceptQualityIsAnInvalidRequest(String accept) {
        String token = api.login("alice", "web").token();
        api.send(api.request("auth/me", token).header("Accept", accept)).assertProblem(400, "INVALID_REQUEST");
        api.send(api.request("locks/x/y", token).header("Accept", accept)
                .POST(HttpRequest.BodyPublishers.noBody())).assertProblem(400, "INVALID_REQUEST");
    }

    /**
     * RESTEasy refuses these itself, before any of the module's code (with the container's 400 page);
     * Jersey (Payara) answers a bare word such as {@code x} with 406. A client error either way, never a 5xx.
     */
    @ParameterizedTest
    @ValueSource(strings = {"text/html, */*;q=", "text/html;q=abc, */*", "x", "a/b/c", "text/"})
    void otherMalformedAcceptsAre400s(String accept) {
        String token = api.login("alice", "web").token();
        int status = api.send(api.request("auth/me", token).header("Accept", accept)).status();
        assertTrue(status == 400 || status == 406, () -> "Accept " + accept + ": " + status);
    }

    @Test
    void unknownPathsAreProblems() {
        String token = api.login("alice", "web").token();
        api.get("no/such/thing", token).assertProblem(404, "NOT_FOUND");
        api.get("auth/login", null).assertProblem(405, "INVALID_REQUEST");
    }
}
