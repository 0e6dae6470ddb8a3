package dev.kickout.internal.rest;

import dev.kickout.internal.config.Cidr;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The scheme and host the client used, which a reverse proxy that terminates TLS hides from the server:
 * from a trusted proxy ({@link ClientAddress#fromTrustedProxy}) {@code X-Forwarded-Proto}
 * ({@code http} or {@code https}) and {@code X-Forwarded-Host} ({@code host[:port]}); a value of
 * another form, or any such header from another peer, is ignored. For the cookies' {@code Secure}
 * flag and the redirects the module emits; never for a key or a decision about who the caller is.
 */
@ApplicationScoped
public class PublicOrigin {

    /** A DNS name (or IPv4 address) or a bracketed IPv6 literal, and an optional port. */
    private static final Pattern HOST = Pattern.compile(
            "([A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*"
                    + "|\\[([0-9A-Fa-f:.]{2,45})\\])(?::([1-9][0-9]{0,4}))?");
    private static final int MAX_HOST = 253 + ":65535".length();

    @Inject
    ClientAddress clients;

    /** Whether the client reached the server over TLS: the trusted proxy's word, else the connection's. */
    public boolean secure(HttpServletRequest request) {
        String proto = forwardedProto(request);
        return proto == null ? request.isSecure() : proto.equals("https");
    }

    /**
     * Where to send the client for {@code path} (absolute within the server, e.g. {@code /kickout/signin.html}):
     * behind a trusted proxy that names the client's scheme or host, an absolute URL on that origin (so
     * that no container turns the path into a URL on its own, internal origin); else {@code path} as is.
     */
    public String url(HttpServletRequest request, String path) {
        String proto = forwardedProto(request);
        String host = forwardedHost(request);
        if (proto == null && host == null) {
            return path;
        }
        if (host == null) {
            host = validHost(request.getHeader("Host"));
        }
        return host == null ? path : (proto != null ? proto : request.getScheme()) + "://" + host + path;
    }

    /** The host (and port) the client addressed: the trusted proxy's {@code X-Forwarded-Host}, else {@code Host}. */
    public String host(HttpServletRequest request) {
        String host = forwardedHost(request);
        return host != null ? host : request.getHeader("Host");
    }

    private String forwardedProto(HttpServletRequest request) {
        String proto = request.getHeader("X-Forwarded-Proto");
        if (proto == null || !clients.fromTrustedProxy(request)) {
            return null;
        }
        proto = proto.trim().toLowerCase(Locale.ROOT);
        return proto.equals("https") || proto.equals("http") ? proto : null;
    }

    private String forwardedHost(HttpServletRequest request) {
        String host = request.getHeader("X-Forwarded-Host");
        return host == null || !clients.fromTrustedProxy(request) ? null : validHost(host);
    }

    /** {@code host[:port]} stripped of spaces and lower-cased, or null for anything else (lists, paths, user info, spaces). */
    static String validHost(String value) {
        if (value == null || value.length() > MAX_HOST + 2) {
            return null;
        }
        Matcher host = HOST.matcher(value.strip());
        if (!host.matches() || host.group().length() > MAX_HOST
                || host.group(2) != null && Cidr.address(host.group(2)) == null
                || host.group(3) != null && Integer.parseInt(host.group(3)) > 65535) {
            return null;
        }
        return host.group().toLowerCase(Locale.ROOT);
    }
}
