package dev.kickout.internal.rest;

import jakarta.servlet.http.HttpServletRequest;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * A request parameter as the form body sent it, never the query string: a secret in a URL lands in access
 * logs, proxies' logs, browser history and {@code Referer}. The servlet API merges both into one parameter
 * list, query string first (Servlet 6, 3.1.1), so the query string's values are counted and skipped.
 */
public final class BodyParameters {

    private BodyParameters() {
    }

    /** The first value of {@code name} in the request's form body, or empty (also when only the URL has it). */
    public static Optional<String> first(HttpServletRequest request, String name) {
        String[] values = request.getParameterValues(name);
        int inQuery = countInQuery(request.getQueryString(), name);
        return values == null || values.length <= inQuery ? Optional.empty() : Optional.ofNullable(values[inQuery]);
    }

    /** How often {@code name} appears in {@code query} (names decoded as the container decodes them). */
    static int countInQuery(String query, String name) {
        if (query == null || query.isEmpty()) {
            return 0;
        }
        int count = 0;
        for (String pair : query.split("&")) {
            int equals = pair.indexOf('=');
            if (decoded(equals < 0 ? pair : pair.substring(0, equals)).equals(name)) {
                count++;
            }
        }
        return count;
    }

    private static String decoded(String raw) {
        try {
            return URLDecoder.decode(raw, StandardCharsets.UTF_8);
        } catch (IllegalArgumentException malformed) {
            return raw;
        }
    }
}
