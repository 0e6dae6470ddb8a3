package dev.kickout.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
}
