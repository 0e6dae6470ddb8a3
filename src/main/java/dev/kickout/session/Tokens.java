package dev.kickout.session;

import dev.kickout.redis.RedisKeys;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.regex.Pattern;

/**
 * Token and session id formats. A token is {@code <user tag>.<256 random bits>}, base64url: the
 * tag (a hash of the user id) lets the filter find the user's Redis slot from the token alone.
 * A session id is {@code <user tag>.<128 random bits>}, unrelated to the token.
 */
final class Tokens {

    static final Pattern TOKEN = Pattern.compile("[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{43}");
    static final Pattern SESSION_ID = Pattern.compile("[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{22}");

    private static final SecureRandom RANDOM = new SecureRandom();

    private Tokens() {
    }

    static String newToken(String userTag) {
        return userTag + "." + random(32);
    }

    static String newSessionId(String userTag) {
        return userTag + "." + random(16);
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
