package dev.kickout.internal.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class CsrfTokensTest {

    private static final String TOKEN = Tokens.newToken("AAAAAAAAAAAAAAAAAAAAAA");

    @Test
    void theTokenIsStableForASessionAndDiffersBetweenSessions() {
        assertEquals(CsrfTokens.of(TOKEN), CsrfTokens.of(TOKEN));
        assertNotEquals(CsrfTokens.of(TOKEN), CsrfTokens.of(Tokens.newToken("AAAAAAAAAAAAAAAAAAAAAA")));
        assertTrue(CsrfTokens.of(TOKEN).matches("[A-Za-z0-9_-]{43}"));
        assertFalse(CsrfTokens.of(TOKEN).contains(TOKEN.substring(23, 40)));
    }

    @Test
    void onlyTheSessionsOwnTokenMatches() {
        String csrf = CsrfTokens.of(TOKEN);
        assertTrue(CsrfTokens.matches(TOKEN, csrf));
        assertFalse(CsrfTokens.matches(TOKEN, null));
        assertFalse(CsrfTokens.matches(TOKEN, ""));
        assertFalse(CsrfTokens.matches(TOKEN, TOKEN));
        assertFalse(CsrfTokens.matches(TOKEN, csrf.substring(1)));
        assertFalse(CsrfTokens.matches(TOKEN, csrf + "x"));
        assertFalse(CsrfTokens.matches(TOKEN, "x".repeat(10_000)));
        assertFalse(CsrfTokens.matches(null, csrf));
    }

    @Test
    void theTokenCannotBeDerivedFromWhatRedisHolds() throws Exception {
        String stored = dev.kickout.internal.redis.RedisKeys.secretHash(TOKEN);
        byte[] storedBytes = java.util.Base64.getUrlDecoder().decode(stored);
        String csrf = CsrfTokens.of(TOKEN);
        for (String label : new String[] {"kickout-csrf-v1", "kickout-csrf-v2"}) {
            for (byte[] key : new byte[][] {storedBytes, stored.getBytes(StandardCharsets.US_ASCII)}) {
                javax.crypto.Mac mac = javax.crypto.Mac.getInstance("HmacSHA256");
                mac.init(new javax.crypto.spec.SecretKeySpec(key, "HmacSHA256"));
                String fromStored = java.util.Base64.getUrlEncoder().withoutPadding()
                        .encodeToString(mac.doFinal(label.getBytes(StandardCharsets.US_ASCII)));
                assertNotEquals(fromStored, csrf, "keyed by the Redis hash with " + label);
            }
        }
        assertNotEquals(stored, csrf);
    }
}
