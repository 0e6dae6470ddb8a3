package dev.kickout.it.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.KickoutResources;
import dev.kickout.ProblemCode;
import dev.kickout.internal.admin.RequiresAdmin;
import dev.kickout.internal.rest.ApiDoc;
import dev.kickout.it.http.Api;
import dev.kickout.it.http.Deployments;
import dev.kickout.it.http.Reply;
import dev.kickout.it.support.ServerUnderTest;
import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.Path;
import java.io.StringReader;
import java.lang.annotation.Annotation;
import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Method;
import java.net.URI;
import java.net.URL;
import java.net.http.HttpRequest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponses;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The server's {@code /openapi} against the module's resources as deployed: every path and method of
 * the classes in {@link KickoutResources#classes()} (found by reflection, under the reference WAR's root
 * {@code /kickout/api}), every status each method's annotations document and those every operation shares
 * (which only the module's own OpenAPI filter adds), the problem schema with every
 * {@link ProblemCode}, and the security schemes. The same test runs on WildFly and on Payara Micro.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class OpenApiIT {

    /** The module's root in the reference WAR ({@code web.xml} maps it to {@code /api/*}). */
    private static final String ROOT = "api";
    private static final Set<String> SCHEMES = Set.of("bearer", "sessionCookie", "csrfHeader", "eventTicket");

    @Deployment(testable = false)
    static WebArchive deployment() {
        return Deployments.referenceWar();
    }

    @ArquillianResource
    URL base;

    @Test
    void theDocumentDescribesEveryPathStatusAndCodeOfTheModule() {
        JsonObject doc = fetch();
        String prefix = serverPath(doc);
        JsonObject paths = doc.getJsonObject("paths");
        int operations = 0;
        int statuses = 0;
        Set<String> modulePaths = new TreeSet<>();
        for (Class<?> resource : KickoutResources.classes()) {
            Path classPath = resource.getAnnotation(Path.class);
            if (classPath == null) {
                continue;
            }
            for (Method method : resource.getMethods()) {
                String verb = httpMethod(method);
                if (verb == null) {
                    continue;
                }
                Path methodPath = method.getAnnotation(Path.class);
                String path = URI.create(base.toString()).getPath() + ROOT + segment(classPath.value())
                        + (methodPath == null ? "" : segment(methodPath.value()));
                assertTrue(path.startsWith(prefix), () -> path + " is outside the server URL " + prefix);
                String key = path.substring(prefix.length());
                JsonObject item = paths.getJsonObject(key);
                assertNotNull(item, () -> "no path " + key + " (" + resource.getSimpleName() + "." + method.getName()
                        + ") in " + paths.keySet());
                JsonObject operation = item.getJsonObject(verb.toLowerCase(Locale.ROOT));
                assertNotNull(operation, () -> "no " + verb + " " + key + " in " + item.keySet());
                Set<String> documented = operation.getJsonObject("responses").keySet();
                Set<String> expected = statuses(method);
                expected.addAll(shared(resource, method, verb));
                assertFalse(expected.isEmpty(), () -> resource.getSimpleName() + "." + method.getName() + " documents no status");
                assertTrue(documented.containsAll(expected),
                        () -> verb + " " + key + ": documented " + documented + ", annotated " + expected);
                for (String status : expected) {
                    if (status.startsWith("4") || status.startsWith("5")) {
                        assertProblem(operation.getJsonObject("responses").getJsonObject(status), verb + " " + key + " " + status);
                    }
                }
                if (modulePaths.add(key + " " + verb)) {
                    operations++;
                    statuses += expected.size();
                }
            }
        }
        long distinctPaths = modulePaths.stream().map(p -> p.substring(0, p.lastIndexOf(' '))).distinct().count();

        Set<String> codes = problemCodes(doc);
        Set<String> known = Arrays.stream(ProblemCode.values()).map(Enum::name).collect(Collectors.toCollection(TreeSet::new));
        assertEquals(known, codes, "the problem schema's code enum");

        JsonObject schemes = doc.getJsonObject("components").getJsonObject("securitySchemes");
        assertNotNull(schemes, "no security schemes");
        assertTrue(schemes.keySet().containsAll(SCHEMES), () -> "security schemes: " + schemes.keySet());
        assertEquals("ticket", schemes.getJsonObject("eventTicket").getString("name"));
        assertEquals("query", schemes.getJsonObject("eventTicket").getString("in"));

        // the demo's endpoints are left out (microprofile-config.properties), and no module path kept the scanned root
        String scannedRoot = URI.create(base.toString()).getPath() + "kickout/api/";
        assertTrue(paths.keySet().stream().noneMatch(p -> p.contains("documents") || (prefix + p).startsWith(scannedRoot)),
                () -> "paths: " + paths.keySet());
        System.out.printf("[figure] openapi %s: paths=%d operations=%d statuses=%d codes=%d%n",
                ServerUnderTest.current().name().toLowerCase(Locale.ROOT), distinctPaths, operations, statuses, codes.size());
    }

    private JsonObject fetch() {
        URI uri = URI.create(base.toString()).resolve("/openapi");
        Reply reply = new Api(uri).send(HttpRequest.newBuilder(uri).header("Accept", "application/json")
                .timeout(Duration.ofSeconds(30)).GET());
        assertEquals(200, reply.status(), reply::body);
        return Json.createReader(new StringReader(reply.body())).readObject();
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

    private static void assertProblem(JsonObject response, String what) {
        JsonObject content = response.getJsonObject("content");
        assertNotNull(content, () -> what + " has no content");
        JsonObject problem = content.getJsonObject("application/problem+json");
        assertNotNull(problem, () -> what + " is not application/problem+json: " + content.keySet());
        // WildFly refers to the named schema, Payara inlines it
        JsonObject schema = problem.getJsonObject("schema");
        if (schema.containsKey("$ref")) {
            assertEquals("#/components/schemas/KickoutProblem", schema.getString("$ref"), what);
        } else {
            assertTrue(schema.containsKey("properties") && schema.getJsonObject("properties").containsKey("code"),
                    () -> what + ": not the problem schema: " + schema);
        }
    }

    private static Set<String> problemCodes(JsonObject doc) {
        JsonObject schemas = doc.getJsonObject("components").getJsonObject("schemas");
        JsonObject code = schemas.getJsonObject("KickoutProblem").getJsonObject("properties").getJsonObject("code");
        if (code.containsKey("$ref")) {
            String ref = code.getString("$ref");
            code = schemas.getJsonObject(ref.substring(ref.lastIndexOf('/') + 1));
        }
        JsonObject schema = code;
        assertNotNull(schema.getJsonArray("enum"), () -> "code has no enum: " + schema);
        return schema.getJsonArray("enum").stream().map(v -> ((jakarta.json.JsonString) v).getString())
                .collect(Collectors.toCollection(TreeSet::new));
    }

    /**
     * What every module operation answers besides its own: 400 and 503, 401 unless it needs no session,
     * 403 for admins only or for an unsafe method (CSRF in cookie mode). The module's filter adds these to
     * the document, not the method's annotations, so finding them there shows the filter ran.
     */
    static Set<String> shared(Class<?> resource, Method method, String verb) {
        boolean anonymous = method.isAnnotationPresent(ApiDoc.Anonymous.class);
        Set<String> shared = new TreeSet<>(Set.of("400", "503"));
        if (!anonymous) {
            shared.add("401");
        }
        if (resource.isAnnotationPresent(RequiresAdmin.class) || !verb.equals("GET") && !anonymous) {
            shared.add("403");
        }
        return shared;
    }

    /** The statuses the method's and its class's {@code @APIResponse} annotations document. */
    static Set<String> statuses(Method method) {
        Set<String> statuses = new TreeSet<>();
        for (AnnotatedElement element : List.of(method, method.getDeclaringClass())) {
            List<APIResponse> responses = new ArrayList<>(Arrays.asList(element.getAnnotationsByType(APIResponse.class)));
            APIResponses set = element.getAnnotation(APIResponses.class);
            if (set != null) {
                responses.addAll(Arrays.asList(set.value()));
            }
            responses.forEach(r -> statuses.add(r.responseCode()));
        }
        return statuses;
    }

    private static String httpMethod(Method method) {
        for (Annotation annotation : method.getAnnotations()) {
            HttpMethod verb = annotation.annotationType().getAnnotation(HttpMethod.class);
            if (verb != null) {
                return verb.value();
            }
        }
        return null;
    }

    private static String segment(String path) {
        String trimmed = path.replaceAll("^/+|/+$", "");
        return trimmed.isEmpty() ? "" : "/" + trimmed;
    }
}
