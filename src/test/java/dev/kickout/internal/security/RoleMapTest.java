package dev.kickout.internal.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class RoleMapTest {

    @ParameterizedTest
    @CsvSource(delimiter = ';', value = {
            "'';                                  admin|user;  admin|user",
            "admin=ops-admins;                    admin|user;  ops-admins|user",
            "admin=ops-admins, user=staff;        admin|user;  ops-admins|staff",
            "admin=ops-admins,admin=auditors;     admin;       ops-admins|auditors",
            "user=staff;                          '';          ''",
            "' admin = ops-admins ,';             admin;       ops-admins",
    })
    void mapsRolesToGroups(String setting, String roles, String groups) {
        assertEquals(set(groups), RoleMap.parse(setting).map(set(roles)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"admin", "admin=", "=ops", "admin=ops=x", "a b=c", "admin=ops admins"})
    void refusesWhatIsNotRoleEqualsGroup(String setting) {
        assertThrows(IllegalArgumentException.class, () -> RoleMap.parse(setting));
    }

    private static Set<String> set(String names) {
        return names.isEmpty() ? Set.of() : Set.of(names.split("\\|"));
    }
}
