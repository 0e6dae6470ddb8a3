package dev.kickout.internal.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import jakarta.annotation.security.DenyAll;
import jakarta.annotation.security.PermitAll;
import jakarta.annotation.security.RolesAllowed;
import java.util.Set;
import org.junit.jupiter.api.Test;

class RoleRuleTest {

    @DenyAll
    static class Closed {
        public void plain() {
        }

        @RolesAllowed("staff")
        public void staff() {
        }

        @PermitAll
        public void open() {
        }
    }

    static class ClosedToo extends Closed {
        public void inherited() {
        }
    }

    @RolesAllowed({"staff", "staff", "ops"})
    static class Staff {
        public void plain() {
        }

        @DenyAll
        public void none() {
        }

        @PermitAll
        public void open() {
        }
    }

    static class Unmarked {
        public void plain() {
        }

        @DenyAll
        public void none() {
        }
    }

    private static Set<String> rule(Class<?> type, String method) throws NoSuchMethodException {
        return RoleRule.of(type.getMethod(method));
    }

    @Test
    void denyAllAloneRefusesEveryoneOnAMethodAndOnAClass() throws NoSuchMethodException {
        assertEquals(Set.of(), rule(Unmarked.class, "none"));
        assertEquals(Set.of(), rule(Closed.class, "plain"));
        assertEquals(Set.of(), rule(ClosedToo.class, "inherited"));
        assertEquals(Set.of(), rule(Staff.class, "none"));
    }

    @Test
    void aMethodsOwnAnnotationWinsOverItsClasss() throws NoSuchMethodException {
        assertEquals(Set.of("staff"), rule(Closed.class, "staff"));
        assertNull(rule(Closed.class, "open"));
        assertNull(rule(Staff.class, "open"));
        assertEquals(Set.of("staff", "ops"), rule(Staff.class, "plain"));
    }

    @Test
    void nothingDeclaredLetsEveryoneIn() throws NoSuchMethodException {
        assertNull(rule(Unmarked.class, "plain"));
        assertNull(rule(Object.class, "toString"));
    }
}
