package dev.kickout.internal.session;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;

/**
 * Redirect targets of cookie mode. A {@code next} path comes from the client, so it is accepted
 * only as a context-relative path (one leading {@code /}, no {@code //}, no {@code \}, no scheme,
 * no {@code ..} segment, URL characters only, bounded): anything else means the context root, so
 * the sign-in form can never send a browser to another site.
 */
final class NextPath {

    static final int MAX_LENGTH = 512;
    private static final Pattern SAFE = Pattern.compile("/[A-Za-z0-9._~!$&'()*+,;=:@%/?#-]*");

    private NextPath() {
    }

    /** {@code next} if it is a safe context-relative path, else null. */
    static String safe(String next) {
        if (next == null || next.length() > MAX_LENGTH || !SAFE.matcher(next).matches() || next.contains("//")
                || next.startsWith("/%2F") || next.startsWith("/%2f") || next.contains("/../") || next.endsWith("/..")) {
            return null;
        }
        return next;
    }

    /** Where a form login goes on success: the context path plus the safe {@code next}, else the context root. */
    static String afterLogin(String contextPath, String next) {
        String safe = safe(next);
        return contextPath + (safe == null ? "/" : safe);
    }

    /** The sign-in page with {@code param=code} ({@code reason} or {@code error}) and the safe {@code next}. */
    static String signIn(String contextPath, String signInPage, String param, String code, String next) {
        StringBuilder target = new StringBuilder(contextPath).append(signInPage)
                .append(signInPage.indexOf('?') >= 0 ? '&' : '?').append(param).append('=').append(encode(code));
        String safe = safe(next);
        if (safe != null) {
            target.append("&next=").append(encode(safe));
        }
        return target.toString();
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
