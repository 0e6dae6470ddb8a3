package dev.kickout.internal.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.internal.redis.RedisKeys;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class TokensTest {

    /** The formats, as the regexes that Tokens.isToken and isSessionId check by hand. */
    private static final Pattern TOKEN = Pattern.compile("[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{43}");
    private static final Pattern SESSION_ID = Pattern.compile("[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{22}");

    @Test
    void tokensCarryTheUserTagAnd256RandomBits() {
        String tag = RedisKeys.userTag("alice");
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 1000; i++) {
            String token = Tokens.newToken(tag);
            assertTrue(TOKEN.matcher(token).matches(), token);
            assertTrue(Tokens.isToken(token), token);
            assertEquals(tag, Tokens.userTagOf(token));
            assertTrue(seen.add(token));
        }
    }

    @Test
    void theTokensOfHttpSessionsAreToldApartByTheirSeparatorOnly() {
        String tag = RedisKeys.userTag("carol");
        String bound = Tokens.newBoundToken(tag);
        assertTrue(bound.matches("[A-Za-z0-9_-]{22}~[A-Za-z0-9_-]{43}"), bound);
        assertTrue(Tokens.isToken(bound), bound);
        assertTrue(Tokens.isBound(bound), bound);
        assertEquals(tag, Tokens.userTagOf(bound));
        assertFalse(Tokens.isBound(Tokens.newToken(tag)));
        assertFalse(Tokens.isSessionId(Tokens.newSessionId(tag).replace('.', '~')), "session ids have the dot only");
    }

    @Test
    void sessionIdsShareOnlyTheTag() {
        String tag = RedisKeys.userTag("bob");
        String sessionId = Tokens.newSessionId(tag);
        assertTrue(SESSION_ID.matcher(sessionId).matches(), sessionId);
        assertTrue(Tokens.isSessionId(sessionId), sessionId);
        assertEquals(tag, Tokens.userTagOf(sessionId));
        assertNotEquals(Tokens.newSessionId(tag), sessionId);
    }

    @Test
    void deviceCookiesAre256RandomBitsAndNothingElseIsOne() {
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 1000; i++) {
            String cookie = Tokens.newDeviceCookie();
            assertTrue(cookie.matches("[A-Za-z0-9_-]{43}"), cookie);
            assertTrue(Tokens.isDeviceCookie(cookie), cookie);
            assertTrue(seen.add(cookie));
        }
        String valid = Tokens.newDeviceCookie();
        for (String odd : new String[] {null, "", valid.substring(1), valid + "A", valid.substring(1) + "=",
                valid.substring(1) + ".", valid.substring(1) + "\u00e9", Tokens.newToken(RedisKeys.userTag("alice"))}) {
            assertFalse(Tokens.isDeviceCookie(odd), odd);
        }
    }

    @Test
    void userTagsAreKeySafeAndStable() {
        for (String userId : new String[] {"alice", "a:b*c{d}", "ü ñ\n", ""}) {
            String tag = RedisKeys.userTag(userId);
            assertTrue(tag.matches("[A-Za-z0-9_-]{22}"), tag);
            assertEquals(tag, RedisKeys.userTag(userId));
        }
        assertNotEquals(RedisKeys.userTag("alice"), RedisKeys.userTag("alice "));
    }

    /** Every one-character change, cut or insertion of real tokens and session ids: the hand check says what the regex says. */
    @Test
    void theShapeChecksAgreeWithTheFormats() {
        Random random = new Random(15);
        String odd = "A-_z09.+/=* :{}\n\u00e9\u0000";
        int accepted = 0;
        for (int i = 0; i < 200; i++) {
            String tag = RedisKeys.userTag("user" + i);
            for (String valid : new String[] {Tokens.newToken(tag), Tokens.newSessionId(tag)}) {
                StringBuilder mutated = new StringBuilder(valid);
                int at = random.nextInt(valid.length() + 1);
                switch (random.nextInt(3)) {
                    case 0 -> mutated.setCharAt(Math.min(at, valid.length() - 1), odd.charAt(random.nextInt(odd.length())));
                    case 1 -> mutated.deleteCharAt(Math.min(at, valid.length() - 1));
                    default -> mutated.insert(at, odd.charAt(random.nextInt(odd.length())));
                }
                for (String value : new String[] {valid, mutated.toString(), valid.substring(1), valid + valid}) {
                    assertEquals(TOKEN.matcher(value).matches(), Tokens.isToken(value), value);
                    assertEquals(SESSION_ID.matcher(value).matches(), Tokens.isSessionId(value), value);
                    accepted += Tokens.isToken(value) || Tokens.isSessionId(value) ? 1 : 0;
                }
            }
        }
        assertTrue(accepted > 400 && accepted < 1600, "both shapes seen, accepted and refused: " + accepted);
    }
}
