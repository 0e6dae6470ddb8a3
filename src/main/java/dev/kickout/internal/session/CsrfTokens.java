package dev.kickout.internal.session;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The CSRF token of a cookie session: HMAC-SHA256 of the session token itself, keyed by a label of its
 * own. It needs no storage, changes with every session, and reveals nothing about the token; only a page
 * that can read the session's CSRF cookie or was rendered for it knows it. Deriving it takes the raw
 * token, which Redis never holds: the SHA-256 that names the session in Redis (and that HMAC would make
 * of a key longer than its block) yields nothing here.
 */
public final class CsrfTokens {

    private static final byte[] LABEL = "kickout-csrf-v2".getBytes(StandardCharsets.US_ASCII);

    private CsrfTokens() {
    }

    /** The CSRF token belonging to {@code sessionToken}. */
    public static String of(String sessionToken) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(LABEL, "HmacSHA256"));
            return Base64.getUrlEncoder().withoutPadding().encodeToString(mac.doFinal(sessionToken.getBytes(StandardCharsets.UTF_8)));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("Every Java runtime has HmacSHA256", e);
        }
    }

    /** Whether {@code presented} is the session's CSRF token, compared in constant time. */
    public static boolean matches(String sessionToken, String presented) {
        if (sessionToken == null || presented == null || presented.length() > 128) {
            return false;
        }
        return MessageDigest.isEqual(of(sessionToken).getBytes(StandardCharsets.US_ASCII),
                presented.getBytes(StandardCharsets.UTF_8));
    }
}
