package dev.kickout.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.redis.RedisKeys;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TokensTest {

    @Test
    void tokensCarryTheUserTagAnd256RandomBits() {
        String tag = RedisKeys.userTag("alice");
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < 1000; i++) {
            String token = Tokens.newToken(tag);
            assertTrue(Tokens.TOKEN.matcher(token).matches(), token);
            assertEquals(tag, Tokens.userTagOf(token));
            assertTrue(seen.add(token));
        }
    }

    @Test
    void sessionIdsShareOnlyTheTag() {
        String tag = RedisKeys.userTag("bob");
        String sessionId = Tokens.newSessionId(tag);
        assertTrue(Tokens.SESSION_ID.matcher(sessionId).matches(), sessionId);
        assertEquals(tag, Tokens.userTagOf(sessionId));
        assertNotEquals(Tokens.newSessionId(tag), sessionId);
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
}
