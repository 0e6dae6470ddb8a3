package dev.kickout.it.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.kickout.it.http.Api;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.http.Reply;
import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import legacy.shop.ShopApplication;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.OperateOnDeployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Adding the module jar changes nothing else in a legacy host. The same host WAR
 * ({@code legacy.shop}: its own scanning {@code @ApplicationPath("api")}, its own
 * {@code ExceptionMapper<RuntimeException>}, a Jackson-annotated DTO, an EJB, a servlet filter) is deployed
 * twice, without and with the module jar and its libraries; both get the same requests, and every answer
 * must match in status, body bytes and headers (all but Date and Set-Cookie). The module still works in
 * the second WAR, at its default root {@code /kickout/api}.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class HostSafetyIT {

    private static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private static final Set<String> IGNORED_HEADERS = Set.of("date", "set-cookie");

    @Deployment(name = "plain", testable = false)
    static WebArchive plain() {
        return host("shop-without.war");
    }

    @Deployment(name = "kickout", testable = false)
    static WebArchive withKickout() {
        WebArchive host = host("shop-kickout.war")
                .addAsResource(new StringAsset("kickout.key-prefix=shop\n"), "META-INF/microprofile-config.properties");
        return Deployments.withModule(host);
    }

    /** The legacy app as its team ships it: its classes, Jackson's annotations, CDI in annotated mode. */
    private static WebArchive host(String name) {
        return ShrinkWrap.create(WebArchive.class, name)
                .addPackage(ShopApplication.class.getPackage())
                .addAsLibrary(jacksonAnnotations())
                .addAsWebInfResource(new StringAsset("<beans bean-discovery-mode=\"annotated\"/>"), "beans.xml");
    }

    private static File jacksonAnnotations() {
        try {
            return Path.of(JsonProperty.class.getProtectionDomain().getCodeSource().getLocation().toURI()).toFile();
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    @ArquillianResource
    @OperateOnDeployment("plain")
    URL plain;

    @ArquillianResource
    @OperateOnDeployment("kickout")
    URL withKickout;

    /** One request of the comparison, sent to both WARs. */
    private record Probe(String name, String method, String path, Map<String, String> headers, String body) {

        HttpRequest.Builder to(URL base) {
            HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base.toString()).resolve(path))
                    .timeout(Duration.ofSeconds(30))
                    .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
            headers.forEach(request::header);
            return request;
        }
    }

    private static final String JSON = "application/json";
    private static final List<Probe> PROBES = List.of(
            new Probe("success", "GET", "api/items/42", Map.of(), null),
            new Probe("success, Accept json", "GET", "api/items/42", Map.of("Accept", JSON), null),
            new Probe("HEAD", "HEAD", "api/items/42", Map.of(), null),
            new Probe("host mapper's error", "GET", "api/items/boom", Map.of(), null),
            new Probe("404 under /api", "GET", "api/nothing/here", Map.of(), null),
            new Probe("post, Jackson names", "POST", "api/items", Map.of("Content-Type", JSON),
                    "{\"full_name\":\"Ann\",\"secret\":\"x\",\"stock\":3}"),
            new Probe("post, Java names", "POST", "api/items", Map.of("Content-Type", JSON),
                    "{\"fullName\":\"Ann\",\"secret\":\"x\",\"stock\":3}"),
            new Probe("malformed JSON", "POST", "api/items", Map.of("Content-Type", JSON), "{\"full_name\": "),
            new Probe("wrong media type", "POST", "api/items", Map.of("Content-Type", "text/plain"), "hello"),
            new Probe("not acceptable", "GET", "api/items/42", Map.of("Accept", "application/xml"), null),
            new Probe("wrong method", "DELETE", "api/items/42", Map.of(), null),
            new Probe("CORS preflight", "OPTIONS", "api/items/42",
                    Map.of("Origin", "http://127.0.0.1:9", "Access-Control-Request-Method", "POST"), null),
            new Probe("plain OPTIONS", "OPTIONS", "api/items/42", Map.of(), null),
            new Probe("a bearer token the host ignores", "GET", "api/items/42", Map.of("Authorization", "Bearer nonsense"), null),
            new Probe("module path under /api: login", "POST", "api/auth/login", Map.of("Content-Type", JSON),
                    "{\"username\":\"clerk\",\"password\":\"clerk-pw\",\"deviceType\":\"web\",\"clientId\":\"c\"}"),
            new Probe("module path under /api: status", "GET", "api/auth/status", Map.of(), null),
            new Probe("module path under /api: admin", "GET", "api/admin/sessions", Map.of("Authorization", "Bearer nonsense"), null),
            new Probe("module path under /api: events", "GET", "api/events", Map.of("Accept", "text/event-stream"), null),
            new Probe("outside /api", "GET", "nothing.html", Map.of(), null));

    @Test
    void theHostAnswersAsItDidWithoutTheModule() {
        List<String> differences = new ArrayList<>();
        for (Probe probe : PROBES) {
            Answer before = send(probe.to(plain)).relativeTo(plain);
            Answer after = send(probe.to(withKickout)).relativeTo(withKickout);
            if (!before.equals(after)) {
                differences.add(probe.name() + ":\n    without: " + before + "\n    with:    " + after);
            }
        }
        String server = System.getProperty("kickout.it.server", "wildfly");
        System.out.println("[figure] host-safety (" + server + "): " + PROBES.size() + " responses compared, "
                + differences.size() + " differences");
        Answer item = send(PROBES.get(0).to(plain));
        String provider = item.body().contains("full_name") ? "Jackson" : "JSON-B";
        System.out.println("[figure] host-safety (" + server + "): the host's DTO is written by " + provider
                + " with and without the module: " + item.body());
        assertEquals(List.of(), differences, () -> String.join("\n", differences));
    }

    @Test
    void theModuleWorksInTheSameWarUnderItsDefaultRoot() {
        Api api = new Api(URI.create(withKickout.toString()).resolve("kickout/api/"));
        String token = api.tryLogin("clerk", "clerk-pw", "web", "shop-1").assertOk(200).getString("token");
        Reply me = api.get("auth/me", token);
        assertEquals("clerk", me.assertOk(200).getString("username"));
        api.get("auth/me", null).assertProblem(401, "TOKEN_MISSING");
        api.get("no/such/thing", token).assertProblem(404, "NOT_FOUND");
        api.tryLogin("clerk", "wrong", "web", "shop-1").assertProblem(401, "BAD_CREDENTIALS");
        // a CORS preflight to a guarded path is not refused for its missing token
        Reply preflight = api.send(api.request("auth/me", null).method("OPTIONS", HttpRequest.BodyPublishers.noBody())
                .header("Origin", "http://127.0.0.1:9").header("Access-Control-Request-Method", "GET"));
        assertTrue(preflight.status() != 401, () -> "preflight answered " + preflight.status() + " " + preflight.body());
        System.out.println("[figure] host-safety (" + System.getProperty("kickout.it.server", "wildfly")
                + "): the host's @WebFilter saw " + me.header("X-Shop-Filter") + " on a guarded module request");
    }

    /** What is compared: status, body bytes, headers but Date and Set-Cookie (names lower-cased, values in order). */
    private record Answer(int status, Map<String, List<String>> headers, String body) {

        /**
         * With the deployment's own base URL written as {@code {base}/}: Jersey's WADL answer to OPTIONS names
         * it, and the two deployments differ there only (Payara runs one Micro, so one port, per deployment).
         * The two archive names have the same length, so Content-Length stays comparable.
         */
        Answer relativeTo(URL base) {
            return new Answer(status, headers, body.replace(base.toString(), "{base}/"));
        }
    }

    private static Answer send(HttpRequest.Builder request) {
        try {
            HttpResponse<String> response = CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
            Map<String, List<String>> headers = new TreeMap<>();
            response.headers().map().forEach((name, values) -> {
                String key = name.toLowerCase(Locale.ROOT);
                if (!IGNORED_HEADERS.contains(key)) {
                    headers.put(key, values);
                }
            });
            return new Answer(response.statusCode(), headers, response.body());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
