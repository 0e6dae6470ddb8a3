package dev.kickout.it.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import dev.kickout.it.http.Api;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.http.Reply;
import dev.kickout.it.support.ServerUnderTest;
import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import legacy.ledger.LedgerApplication;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A JSON-B host ({@code legacy.ledger}: its own {@code @ApplicationPath("rest")}, a DTO with JSON-B
 * annotations and no Jackson annotation anywhere in the WAR) with the module jar beside it and the two settings the docs give such a host (docs/reference/openapi.md), on the servers
 * as provisioned for the module (WildFly with the {@code microprofile-openapi} layer, whose WFLYRS0018
 * switch to Jackson would follow a Jackson annotation in the deployment):
 * <ul>
 * <li>the host's JSON is still written by JSON-B;</li>
 * <li>the server's {@code /openapi} is the host's own document, its path under its own root, when the host
 * leaves the module's classes out of the scan.</li>
 * </ul>
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class HostOpenApiIT {

    /** The documented remedy for WildFly: keep JSON-B although Redisson's codec classes carry Jackson annotations. */
    private static final String WEB_XML = """
            <web-app xmlns="https://jakarta.ee/xml/ns/jakartaee" version="6.0">
                <context-param>
                    <param-name>resteasy.preferJacksonOverJsonB</param-name>
                    <param-value>false</param-value>
                </context-param>
            </web-app>
            """;

    /**
     * The documented remedy for a host that publishes its own OpenAPI document: leave the module's classes out of
     * the scan (with two Applications in one WAR, WildFly puts every path under one of the two roots and Payara,
     * told to scan WEB-INF/lib, writes the host's paths as {@code /null/...}).
     */
    private static final String HOST_DOCUMENT_ONLY = "mp.openapi.scan.exclude.packages=dev.kickout\n";

    @Deployment(testable = false)
    static WebArchive ledger() {
        WebArchive host = ShrinkWrap.create(WebArchive.class, "ledger.war")
                .addPackage(LedgerApplication.class.getPackage())
                .addAsWebInfResource(new StringAsset("<beans bean-discovery-mode=\"annotated\"/>"), "beans.xml")
                .setWebXML(new StringAsset(WEB_XML))
                .addAsResource(new StringAsset("kickout.key-prefix=ledger\n" + HOST_DOCUMENT_ONLY),
                        "META-INF/microprofile-config.properties");
        return Deployments.withModule(host);
    }

    @ArquillianResource
    URL base;

    @Test
    void theHostsJsonIsStillWrittenByJsonB() {
        Reply entry = new Api(URI.create(base.toString()).resolve("rest/")).get("entries/7", null);
        String server = ServerUnderTest.current().name().toLowerCase(Locale.ROOT);
        System.out.println("[figure] host-openapi (" + server + "): the JSON-B host's DTO with the module: " + entry.body());
        assertEquals(200, entry.status(), entry::body);
        assertEquals("ACC-7", entry.json().getString("account_no"), entry::body);
        assertFalse(entry.json().containsKey("memo"), entry::body);
        assertFalse(entry.json().containsKey("accountNo"), entry::body);
    }

    @Test
    void theHostsOpenApiDocumentIsItsOwnWhenTheModuleIsLeftOutOfTheScan() {
        URI uri = URI.create(base.toString()).resolve("/openapi");
        Reply reply = new Api(uri).send(HttpRequest.newBuilder(uri).header("Accept", "application/json")
                .timeout(Duration.ofSeconds(30)).GET());
        assertEquals(200, reply.status(), reply::body);
        JsonObject doc = Json.createReader(new StringReader(reply.body())).readObject();
        String context = URI.create(base.toString()).getPath();
        Set<String> paths = new TreeSet<>();
        String server = serverPath(doc);
        doc.getJsonObject("paths").keySet().forEach(p -> paths.add((server + p).substring(context.length() - 1)));
        System.out.println("[figure] host-openapi (" + ServerUnderTest.current().name().toLowerCase(Locale.ROOT)
                + "): paths below the context root: " + paths);
        assertEquals(Set.of("/rest/entries/{id}"), paths, "the host's document, as without the module");
    }

    /** The path part of the document's first server URL (Payara puts the context root there), else "". */
    private static String serverPath(JsonObject doc) {
        JsonArray servers = doc.getJsonArray("servers");
        if (servers == null || servers.isEmpty()) {
            return "";
        }
        String path = URI.create(servers.getJsonObject(0).getString("url")).getPath();
        return path == null ? "" : path.replaceAll("/+$", "");
    }
}
