package dev.kickout.internal.session;

import dev.kickout.InvalidRequestException;
import dev.kickout.KickoutException;
import dev.kickout.internal.config.KickoutConfig;
import dev.kickout.internal.i18n.Text;
import dev.kickout.internal.rest.ClientAddress;
import dev.kickout.internal.rest.PublicOrigin;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.core.Response;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Sign-in (and sign-out) from a server-rendered form (cookie mode): {@code POST <root>/auth/login} as
 * {@code application/x-www-form-urlencoded} with {@code username}, {@code password}, optional
 * {@code deviceType} (default {@code web}), {@code clientId} (default {@code browser}) and
 * {@code next}. Success sets the cookies and answers 303 to {@code next} (a context-relative path,
 * else the context root); a refusal answers 303 to {@code kickout.cookie.sign-in-page} with
 * {@code ?error=<code>} (or the problem itself when no sign-in page is set).
 *
 * <p>Login CSRF: a form whose {@code Origin} (else {@code Referer}) names another origin than
 * this request's {@code Host} is refused ({@code CSRF_REJECTED}); a request with neither header
 * (non-browser clients, stripped referrers) is accepted, as only browsers forge cross-site posts
 * and every current browser sends {@code Origin} on a cross-site POST.
 */
@ApplicationScoped
public class FormLogin {

    private static final int MAX_FORM = 16 * 1024;

    @Inject
    SessionService sessions;
    @Inject
    SessionCookies cookies;
    @Inject
    KickoutConfig config;
    @Inject
    ClientAddress clients;
    @Inject
    PublicOrigin origin;
    @Inject
    DeviceCookies devices;

    Response login(HttpServletRequest request, String body) {
        if (!config.cookie().enabled()) {
            throw new InvalidRequestException(Text.of("form.cookie-mode"));
        }
        String next = null;
        try {
            Map<String, String> form = parse(body);
            next = field(request, form, "next");
            if (!sameOrigin(request, origin.host(request))) {
                throw CsrfRejectedException.crossOrigin();
            }
            ClientInfo client = new ClientInfo(orDefault(field(request, form, "deviceType"), "web"),
                    orDefault(field(request, form, "clientId"), "browser"), clients.of(request), request.getHeader("User-Agent"));
            SessionService.SignedIn signedIn = sessions.signIn(field(request, form, "username"), field(request, form, "password"),
                    client, devices.presented(request), true);
            Response.ResponseBuilder answer = redirect(request, NextPath.afterLogin(request.getContextPath(), next));
            cookies.issue(request, signedIn.result().token()).forEach(cookie -> answer.header("Set-Cookie", cookie));
            answer.header("Set-Cookie", devices.issue(request, signedIn.deviceCookie()));
            return answer.build();
        } catch (KickoutException e) {
            if (config.cookie().signInPage().isEmpty()) {
                throw e;
            }
            return redirect(request, NextPath.signIn(request.getContextPath(), config.cookie().signInPage(), "error", e.code(), next))
                    .build();
        }
    }

    /** The answer to a logout in cookie mode: both cookies cleared; a form post goes on to the sign-in page. */
    Response signedOut(HttpServletRequest request) {
        String type = request.getContentType();
        boolean form = type != null && type.toLowerCase(Locale.ROOT).startsWith("application/x-www-form-urlencoded");
        String signIn = config.cookie().signInPage().isEmpty() ? request.getContextPath() + "/"
                : NextPath.signIn(request.getContextPath(), config.cookie().signInPage(), "reason", Tombstone.LOGGED_OUT, null);
        Response.ResponseBuilder answer = form ? redirect(request, signIn) : Response.noContent().header("Cache-Control", "no-store");
        cookies.clear(request).forEach(cookie -> answer.header("Set-Cookie", cookie));
        return answer.build();
    }

    private Response.ResponseBuilder redirect(HttpServletRequest request, String path) {
        return Response.status(Response.Status.SEE_OTHER).header("Location", origin.url(request, path))
                .header("Cache-Control", "no-store");
    }

    /**
     * The form's fields (the first of each name), decoded as UTF-8 here rather than by the JAX-RS
     * reader, which fails a bad percent-encoding with an unchecked exception instead of a refusal.
     */
    static Map<String, String> parse(String body) {
        if (body == null || body.isEmpty()) {
            return Map.of();
        }
        if (body.length() > MAX_FORM) {
            throw new InvalidRequestException(Text.of("form.too-long", String.valueOf(MAX_FORM)));
        }
        Map<String, String> fields = new HashMap<>();
        try {
            for (String pair : body.split("&")) {
                int eq = pair.indexOf('=');
                String name = URLDecoder.decode(eq < 0 ? pair : pair.substring(0, eq), StandardCharsets.UTF_8);
                String value = eq < 0 ? "" : URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8);
                fields.putIfAbsent(name, value);
            }
        } catch (IllegalArgumentException e) {
            throw new InvalidRequestException(Text.of("form.malformed"));
        }
        return fields;
    }

    /** A field of the body; if a filter before JAX-RS consumed the body, as the container decoded it. */
    private static String field(HttpServletRequest request, Map<String, String> form, String name) {
        if (!form.isEmpty()) {
            return form.get(name);
        }
        try {
            return request.getParameter(name);
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw new InvalidRequestException(Text.of("form.undecodable"));
        }
    }

    private static String orDefault(String value, String fallback) {
        return value == null || value.isEmpty() ? fallback : value;
    }

    /** Whether Origin (else Referer), when sent, names {@code host}, the host the client addressed. */
    static boolean sameOrigin(HttpServletRequest request, String host) {
        String source = request.getHeader("Origin") != null ? request.getHeader("Origin") : request.getHeader("Referer");
        if (source == null) {
            return true;
        }
        try {
            URI uri = new URI(source);
            if (uri.getHost() == null || uri.getScheme() == null || host == null) {
                return false;
            }
            int defaultPort = uri.getScheme().equalsIgnoreCase("https") ? 443 : 80;
            String authority = uri.getHost() + (uri.getPort() == -1 || uri.getPort() == defaultPort ? "" : ":" + uri.getPort());
            String requestHost = host.trim().toLowerCase(Locale.ROOT);
            if (requestHost.endsWith(":" + defaultPort)) {
                requestHost = requestHost.substring(0, requestHost.length() - (":" + defaultPort).length());
            }
            return authority.toLowerCase(Locale.ROOT).equals(requestHost);
        } catch (URISyntaxException e) {
            return false;
        }
    }
}
