package dev.kickout.internal.lock;

import dev.kickout.RequiresEditLock;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import org.junit.jupiter.api.Test;

/** What a deployment accepts or refuses of @RequiresEditLock declarations. */
class IdParameterTest {

    @SuppressWarnings("unused")
    static class Saves {
        @RequiresEditLock(type = "order", idParam = "orderId")
        void byName(String body, String orderId) {
        }

        @RequiresEditLock(type = "order", idIndex = 1)
        void byIndex(String body, String orderId) {
        }

        @RequiresEditLock(type = "order", idParam = "nope")
        void wrongName(String orderId) {
        }

        @RequiresEditLock(type = "order")
        void unnamed(String orderId) {
        }

        @RequiresEditLock(type = "Order!", idIndex = 0)
        void badType(String orderId) {
        }

        @RequiresEditLock(type = "order", idIndex = 3)
        void indexOutOfRange(String orderId) {
        }
    }

    @Test
    void findsTheIdByNameOrPosition() throws Exception {
        assertEquals(1, position("byName"));
        assertEquals(1, position("byIndex"));
    }

    @Test
    void refusesDeclarationsThatNameNoParameter() {
        for (String method : new String[] {"wrongName", "unnamed", "badType", "indexOutOfRange"}) {
            IllegalStateException e = assertThrows(IllegalStateException.class, () -> position(method));
            assertTrue(e.getMessage().contains("Saves." + method), e.getMessage());
        }
    }

    private static int position(String name) throws Exception {
        Method method = Saves.class.getDeclaredMethod(name, name.startsWith("by") ? new Class<?>[] {String.class, String.class}
                : new Class<?>[] {String.class});
        return IdParameter.of(method, method.getAnnotation(RequiresEditLock.class));
    }
}
