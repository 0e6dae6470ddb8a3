package dev.kickout.internal.lock;

import dev.kickout.LockToken;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.QueryParam;
import java.lang.reflect.Method;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** Which parameter carries a @LockToken, and which declarations a deployment refuses. */
class LockTokenParameterTest {

    @SuppressWarnings("unused")
    static class Saves {
        void none(String orderId) {
        }

        void second(String orderId, @LockToken String token) {
        }

        void notAString(String orderId, @LockToken char[] token) {
        }

        void twice(@LockToken String orderId, @LockToken String token) {
        }

        void fromTheUrl(String orderId, @LockToken @QueryParam("lockToken") String token) {
        }

        void fromTheHeader(String orderId, @LockToken @HeaderParam("X-Lock-Token") String token) {
        }
    }

    @Test
    void findsTheAnnotatedParameter() {
        assertEquals(-1, LockTokenParameter.position(method("none")));
        assertEquals(1, LockTokenParameter.position(method("second")));
        assertEquals(1, LockTokenParameter.position(method("fromTheHeader")));
    }

    @Test
    void refusesATokenFromTheQueryString() {
        IllegalStateException e = assertThrows(IllegalStateException.class,
                () -> LockTokenParameter.position(method("fromTheUrl")));
        assertTrue(e.getMessage().contains("Saves.fromTheUrl") && e.getMessage().contains("query string"), e.getMessage());
    }

    @Test
    void refusesANonStringOrASecondTokenParameter() {
        for (String name : new String[] {"notAString", "twice"}) {
            IllegalStateException e = assertThrows(IllegalStateException.class,
                    () -> LockTokenParameter.position(method(name)));
            assertTrue(e.getMessage().contains("Saves." + name), e.getMessage());
        }
    }

    private static Method method(String name) {
        return Arrays.stream(Saves.class.getDeclaredMethods()).filter(m -> m.getName().equals(name)).findFirst()
                .orElseThrow();
    }
}
