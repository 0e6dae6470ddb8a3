package dev.kickout.internal.config;

import java.util.regex.Pattern;

/**
 * Cookie mode ({@code kickout.cookie.*}): the session in an HttpOnly cookie with a CSRF token for unsafe methods.
 *
 * @param signInPage the context-relative sign-in page, or "" when page loads get the 401 instead of a redirect
 */
public record CookieSettings(boolean enabled, String name, SameSite sameSite, CookiePrefix hostPrefix, String signInPage) {

    /** SameSite attribute of the session and CSRF cookies. */
    public enum SameSite { Lax, Strict, None }

    /** When the session cookie takes the {@code __Host-} prefix. */
    public enum CookiePrefix { AUTO, ALWAYS, NEVER }

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9!#$%&'*+.^_`|~-]{1,64}");

    static CookieSettings read(SettingReader reader) {
        return new CookieSettings(reader.read(Setting.COOKIE_ENABLED, Converters.BOOLEAN),
                reader.read(Setting.COOKIE_NAME, Converters.matching(NAME, "a cookie name (1-64 token characters)")),
                reader.read(Setting.COOKIE_SAME_SITE, Converters.oneOf(SameSite.class)),
                reader.read(Setting.COOKIE_HOST_PREFIX, Converters.oneOf(CookiePrefix.class)),
                reader.read(Setting.COOKIE_SIGN_IN_PAGE, Converters.PAGE_OR_NONE));
    }
}
