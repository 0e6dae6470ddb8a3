package dev.kickout.internal.lock;

import dev.kickout.ResourceRef;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.kickout.InvalidRequestException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class ResourceRefTest {

    @ParameterizedTest
    @CsvSource({"document, 42", "order, A-1.b_2", "a, x", "contract-v2, 2026.11.29"})
    void acceptsTheContractsPatterns(String type, String id) {
        assertEquals(type + "/" + id, new ResourceRef(type, id).toString());
        assertEquals(new ResourceRef(type, id), ResourceRef.parse(type + "/" + id));
    }

    @ParameterizedTest
    @ValueSource(strings = {"a*b", "a:b", "{x}", "a b", "a\nb", "ü", "", "a/b"})
    void refusesHostileIds(String id) {
        assertThrows(InvalidRequestException.class, () -> new ResourceRef("order", id));
    }

    @ParameterizedTest
    @ValueSource(strings = {"Order", "9order", "-order", "order:x", "o{x}", "abcdefghijklmnopqrstuvwxyz0123456"})
    void refusesBadTypes(String type) {
        assertThrows(InvalidRequestException.class, () -> new ResourceRef(type, "1"));
    }

    @org.junit.jupiter.api.Test
    void refusesOverlongIds() {
        assertThrows(InvalidRequestException.class, () -> new ResourceRef("order", "x".repeat(129)));
        assertEquals(128, new ResourceRef("order", "x".repeat(128)).id().length());
    }
}
