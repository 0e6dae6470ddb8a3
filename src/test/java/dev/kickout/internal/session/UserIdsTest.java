package dev.kickout.internal.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.kickout.InvalidRequestException;
import dev.kickout.internal.config.UserIdCase;
import dev.kickout.spi.UserIdMapping;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The user id of a sign-in and of a named id: the host's mapping, then the case setting, then the rule. */
class UserIdsTest {

    private static final UserIdMapping NONE = (name, roles) -> name;
    private static final Pattern UID = Pattern.compile("(?i)uid=([^,]+),.*");
    private static final UserIdMapping LDAP = (name, roles) -> {
        Matcher dn = UID.matcher(name);
        return dn.matches() ? dn.group(1) : name;
    };
    private static final UserIdMapping ACCOUNTS = new UserIdMapping() {
        @Override
        public String userId(String name, Set<String> roles) {
            return name.equals("alice") ? "4711" : name;
        }

        @Override
        public String lookup(String userId) {
            return userId.matches("[0-9]+") ? userId : userId(userId, Set.of());
        }
    };
    private static final UserIdMapping STAFF_PREFIX = (name, roles) -> roles.contains("staff") ? "staff:" + name : name;
    private static final UserIdMapping BROKEN = (name, roles) -> name.equals("ghost") ? null : name + "\n";

    static Stream<Arguments> signIns() {
        return Stream.of(
                Arguments.of("no mapping, as is: the name unchanged", NONE, UserIdCase.AS_IS, "Alice", Set.of(), "Alice"),
                Arguments.of("no mapping, lower", NONE, UserIdCase.LOWER, "Alice", Set.of(), "alice"),
                Arguments.of("lower in Locale.ROOT (no dotless i)", NONE, UserIdCase.LOWER, "TITUS", Set.of(), "titus"),
                Arguments.of("DN to uid", LDAP, UserIdCase.AS_IS, "uid=alice,ou=people,dc=example,dc=com", Set.of(), "alice"),
                Arguments.of("DN to uid, then lower", LDAP, UserIdCase.LOWER, "UID=Alice,ou=people,dc=example,dc=com",
                        Set.of(), "alice"),
                Arguments.of("a plain name through the DN mapping", LDAP, UserIdCase.AS_IS, "bob", Set.of(), "bob"),
                Arguments.of("name to account id", ACCOUNTS, UserIdCase.AS_IS, "alice", Set.of(), "4711"),
                Arguments.of("by role", STAFF_PREFIX, UserIdCase.AS_IS, "carol", Set.of("staff"), "staff:carol"),
                Arguments.of("by role, without it", STAFF_PREFIX, UserIdCase.AS_IS, "carol", Set.of("user"), "carol"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("signIns")
    void aSignInIsKeyedByTheMappedFoldedId(String name, UserIdMapping mapping, UserIdCase fold, String principal,
                                           Set<String> roles, String expected) {
        assertEquals(expected, UserIds.signedIn(mapping, fold, principal, roles));
    }

    static Stream<Arguments> lookups() {
        return Stream.of(
                Arguments.of("no mapping, as is", NONE, UserIdCase.AS_IS, "Alice", "Alice"),
                Arguments.of("no mapping, lower: an admin's ALICE finds alice", NONE, UserIdCase.LOWER, "ALICE", "alice"),
                Arguments.of("a DN named by the host", LDAP, UserIdCase.AS_IS, "uid=alice,ou=people,dc=example,dc=com", "alice"),
                Arguments.of("a uid named by the host", LDAP, UserIdCase.AS_IS, "alice", "alice"),
                Arguments.of("an account id stays", ACCOUNTS, UserIdCase.AS_IS, "4711", "4711"),
                Arguments.of("a name finds its account id", ACCOUNTS, UserIdCase.AS_IS, "alice", "4711"),
                Arguments.of("a lookup has no roles", STAFF_PREFIX, UserIdCase.AS_IS, "staff:carol", "staff:carol"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("lookups")
    void aNamedIdFindsWhatTheSignInWasKeyedBy(String name, UserIdMapping mapping, UserIdCase fold, String given,
                                              String expected) {
        assertEquals(expected, UserIds.named(mapping, fold, given));
    }

    static Stream<Arguments> refusals() {
        return Stream.of(
                Arguments.of("named: null", NONE, null, "userId"),
                Arguments.of("named: empty", NONE, "", "userId"),
                Arguments.of("named: 129 characters", NONE, "a".repeat(129), "userId"),
                Arguments.of("named: a newline", NONE, "bob\n", "userId"),
                Arguments.of("named: the mapping gives null", BROKEN, "ghost", "mapping"),
                Arguments.of("named: the mapping gives a control character", BROKEN, "bob", "mapping"),
                Arguments.of("named: the mapping gives 129 characters", (UserIdMapping) (n, r) -> n.repeat(129), "ab",
                        "mapping"),
                Arguments.of("named: the mapping gives an empty id", (UserIdMapping) (n, r) -> "", "bob", "mapping"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("refusals")
    void anIdBreakingTheRuleIsRefusedBeforeAnyKeyIsBuilt(String name, UserIdMapping mapping, String given,
                                                         String said) {
        InvalidRequestException e = assertThrows(InvalidRequestException.class,
                () -> UserIds.named(mapping, UserIdCase.AS_IS, given));
        assertEquals("INVALID_REQUEST", e.code());
        assertEquals(true, e.getMessage().contains(said), e.getMessage());
    }

    static Stream<Arguments> badSignIns() {
        return Stream.of(
                Arguments.of("the mapping gives null", BROKEN, "ghost"),
                Arguments.of("the mapping gives a control character", BROKEN, "bob"),
                Arguments.of("the mapping gives 129 characters", (UserIdMapping) (n, r) -> n.repeat(129), "ab"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("badSignIns")
    void aSignInMappedToABadIdIsRefused(String name, UserIdMapping mapping, String principal) {
        InvalidRequestException e = assertThrows(InvalidRequestException.class,
                () -> UserIds.signedIn(mapping, UserIdCase.AS_IS, principal, Set.of()));
        assertEquals(true, e.getMessage().contains("mapping"), e.getMessage());
    }
}
