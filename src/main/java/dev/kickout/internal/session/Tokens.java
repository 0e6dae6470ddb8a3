package dev.kickout.internal.session;

import dev.kickout.internal.redis.RedisKeys;
import java.security.SecureRandom;
import java.util.Base64;

/**
 * Token and session id formats. A token is {@code <user tag>.<256 random bits>}, base64url: the
 * tag (a hash of the user id) lets the filter find the user's Redis slot from the token alone. The
 * token of a session that follows a container {@code HttpSession} has {@code ~} in place of the dot:
 * it counts only when that {@code HttpSession} carries it, never as a bearer token or cookie.
 * A session id is {@code <user tag>.<128 random bits>}, unrelated to the token.
 */
final class Tokens {

    /** Base64url characters after the tag's: 256 bits for a token, 128 for a session id. */
    private static final int TOKEN_SECRET = 43;
    private static final int SESSION_SECRET = 22;

    private static final SecureRandom RANDOM = new SecureRandom();

    private Tokens() {
    }

    /** The separator of a token bound to a container {@code HttpSession}: not a base64url character. */
    private static final char BOUND = '~';

    static String newToken(String userTag) {
        return userTag + "." + random(32);
    }

    /** A token for a session that follows a container {@code HttpSession} ({@link #isBound}). */
    static String newBoundToken(String userTag) {
        return userTag + BOUND + random(32);
    }

    /** Whether the well-formed {@code token} belongs to a session that follows a container {@code HttpSession}. */
    static boolean isBound(String token) {
        return token.charAt(RedisKeys.USER_TAG_LENGTH) == BOUND;
    }

    static String newSessionId(String userTag) {
        return userTag + "." + random(16);
    }

    /**
     * Whether {@code value} is shaped like a token, {@code [A-Za-z0-9_-]{22}[.~][A-Za-z0-9_-]{43}}: checked by
     * hand rather than by that regex, since every guarded request asks (a regex match cost more than a hit in
     * the near cache).
     */
    static boolean isToken(String value) {
        return shaped(value, TOKEN_SECRET, BOUND);
    }

    /** Whether {@code value} is shaped like a session id, {@code [A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{22}}. */
    static boolean isSessionId(String value) {
        return shaped(value, SESSION_SECRET, '.');
    }

    private static boolean shaped(String value, int secret, char alsoSeparator) {
        int tag = RedisKeys.USER_TAG_LENGTH;
        return value.length() == tag + 1 + secret && (value.charAt(tag) == '.' || value.charAt(tag) == alsoSeparator)
                && base64Url(value, 0, tag) && base64Url(value, tag + 1, value.length());
    }

    private static boolean base64Url(String value, int from, int to) {
        for (int i = from; i < to; i++) {
            char c = value.charAt(i);
            if (!(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_' || c == '-')) {
                return false;
            }
        }
        return true;
    }

    /** A new device cookie value: 256 random bits, base64url; bound to its user by where Redis keeps its hash. */
    static String newDeviceCookie() {
        return random(32);
    }

    /** Whether {@code value} is shaped like a device cookie, {@code [A-Za-z0-9_-]{43}}. */
    static boolean isDeviceCookie(String value) {
        return value != null && value.length() == 43 && base64Url(value, 0, value.length());
    }

    /** The user tag of a well-formed token or session id (both start with it). */
    static String userTagOf(String tokenOrSessionId) {
        return tokenOrSessionId.substring(0, RedisKeys.USER_TAG_LENGTH);
    }

    private static String random(int bytes) {
        byte[] buffer = new byte[bytes];
        RANDOM.nextBytes(buffer);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(buffer);
    }
}
