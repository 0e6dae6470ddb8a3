package dev.kickout.internal.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Base64;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class BindingSealTest {

    private static final String HTTP_SESSION = "QUnwBk8BSha59naqRO5Oo0wM7cBkgiDXTNSh0cit";
    private static final String TOKEN = Tokens.newToken("AAAAAAAAAAAAAAAAAAAAAA");

    @Test
    void theHttpSessionsIdOpensWhatWasSealedForIt() {
        assertEquals(Optional.of(TOKEN), BindingSeal.open(HTTP_SESSION, BindingSeal.seal(HTTP_SESSION, TOKEN)));
    }

    @Test
    void neitherTheIdNorTheTokenCanBeReadFromWhatRedisKeeps() {
        String sealed = BindingSeal.seal(HTTP_SESSION, TOKEN);
        String name = BindingSeal.name(HTTP_SESSION);
        for (String kept : new String[] {sealed, name}) {
            assertFalse(kept.contains(TOKEN.substring(23, 40)), kept);
            assertFalse(kept.contains(HTTP_SESSION.substring(0, 16)), kept);
        }
        assertNotEquals(sealed, BindingSeal.seal(HTTP_SESSION, TOKEN), "a fresh nonce each time");
        assertEquals(name, BindingSeal.name(HTTP_SESSION));
        assertNotEquals(name, BindingSeal.name(HTTP_SESSION + "x"));
    }

    @Test
    void anotherIdOrAnAlteredSealOpensNothing() {
        String sealed = BindingSeal.seal(HTTP_SESSION, TOKEN);
        assertTrue(BindingSeal.open(HTTP_SESSION.replace('Q', 'R'), sealed).isEmpty());
        byte[] bytes = Base64.getUrlDecoder().decode(sealed);
        bytes[bytes.length - 20] ^= 1;
        assertTrue(BindingSeal.open(HTTP_SESSION, Base64.getUrlEncoder().withoutPadding().encodeToString(bytes)).isEmpty());
        assertTrue(BindingSeal.open(HTTP_SESSION, sealed.substring(0, 30)).isEmpty());
        assertTrue(BindingSeal.open(HTTP_SESSION, "not base64 *").isEmpty());
        assertTrue(BindingSeal.open(HTTP_SESSION, "").isEmpty());
    }
}
