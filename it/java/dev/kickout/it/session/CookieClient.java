package dev.kickout.it.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.kickout.it.http.Reply;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * A cookie-aware HTTP client, as a browser is for these tests: it keeps what {@code Set-Cookie}
 * says (a cookie with {@code Max-Age=0} is dropped), sends it back, and never follows redirects, so
 * each 303 can be checked. Also keeps every {@code Set-Cookie} line seen, to check attributes.
 */
public final class CookieClient {

    private static final HttpClient CLIENT = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5))
            .followRedirects(HttpClient.Redirect.NEVER).build();

    private final URI context;
    private final Map<String, String> jar;
    private final Map<String, String> lastSetCookie;

    /** @param context the context root, e.g. {@code http://127.0.0.1:8180/kickout/} */
    public CookieClient(URI context) {
        this(context, new LinkedHashMap<>(), new LinkedHashMap<>());
    }

    private CookieClient(URI context, Map<String, String> jar, Map<String, String> lastSetCookie) {
        this.context = context;
        this.jar = jar;
        this.lastSetCookie = lastSetCookie;
    }

    /**
     * The same browser on another instance of the app ({@code context}): one cookie jar for both, as a
     * browser's cookies for a host ignore its port.
     */
    public CookieClient at(URI context) {
        return new CookieClient(context, jar, lastSetCookie);
    }

    URI uri(String path) {
        return context.resolve(path);
    }

    /** Signs in through the form (same Origin as a browser on the sign-in page sends) and expects the 303. */
    public Reply signIn(String username, String deviceType, String next) {
        Reply reply = postForm("api/auth/login", form("username", username, "password", username,
                "deviceType", deviceType, "clientId", "it-cookie", "next", next), origin());
        assertEquals(303, reply.status(), reply.body());
        assertNotNull(cookie("KICKOUT_SESSION"), "no session cookie after the sign-in: " + reply.headers().map());
        return reply;
    }

    public String origin() {
        return context.getScheme() + "://" + context.getAuthority();
    }

    public Reply postForm(String path, String body, String origin, String... headers) {
        HttpRequest.Builder request = request(path, headers).header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (origin != null) {
            request.header("Origin", origin);
        }
        return send(request);
    }

    /** A page load: GET accepting HTML, as a browser's navigation. */
    public Reply page(String path) {
        return send(request(path, "Accept", "text/html,application/xhtml+xml,*/*;q=0.8").GET());
    }

    public Reply get(String path, String... headers) {
        return send(request(path, headers).GET());
    }

    public Reply post(String path, String... headers) {
        return send(request(path, headers).POST(HttpRequest.BodyPublishers.noBody()));
    }

    HttpRequest.Builder request(String path, String... headers) {
        HttpRequest.Builder request = HttpRequest.newBuilder(uri(path)).timeout(Duration.ofSeconds(30));
        if (headers.length > 0) {
            request.headers(headers);
        }
        if (!jar.isEmpty()) {
            request.header("Cookie", cookieHeader());
        }
        return request;
    }

    Reply send(HttpRequest.Builder request) {
        try {
            HttpResponse<String> response = CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
            for (String line : response.headers().allValues("Set-Cookie")) {
                remember(line);
            }
            return new Reply(response.statusCode(), response.headers(), response.body());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    String cookieHeader() {
        return jar.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue()).collect(Collectors.joining("; "));
    }

    /** The cookie's value as the jar holds it, or null. */
    public String cookie(String name) {
        return jar.get(name);
    }

    void setCookie(String name, String value) {
        jar.put(name, value);
    }

    /** The last {@code Set-Cookie} line received for {@code name}, or null. */
    String setCookieLine(String name) {
        return lastSetCookie.get(name);
    }

    /** The attribute names of a {@code Set-Cookie} line, lower case ("httponly", "samesite=lax", ...). */
    static List<String> attributes(String line) {
        return List.of(line.split(";")).stream().skip(1).map(String::trim).map(a -> a.toLowerCase(Locale.ROOT)).toList();
    }

    public static String form(String... pairs) {
        StringBuilder form = new StringBuilder();
        for (int i = 0; i < pairs.length; i += 2) {
            if (pairs[i + 1] == null) {
                continue;
            }
            form.append(form.length() == 0 ? "" : "&").append(pairs[i]).append('=')
                    .append(URLEncoder.encode(pairs[i + 1], StandardCharsets.UTF_8));
        }
        return form.toString();
    }

    private void remember(String line) {
        String pair = line.split(";", 2)[0];
        int eq = pair.indexOf('=');
        String name = pair.substring(0, eq).trim();
        String value = pair.substring(eq + 1).trim();
        lastSetCookie.put(name, line);
        if (attributes(line).contains("max-age=0") || value.isEmpty()) {
            jar.remove(name);
        } else {
            jar.put(name, value);
        }
    }
}
