package dev.kickout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The facade refuses bad input before it reaches a service: its services are left null here, so a
 * call that got past the checks would fail with a NullPointerException instead.
 */
class KickoutTest {

    private static final Actor HR = new Actor("hr", null, null);
    private static final String SESSION_ID = "abcdefghijklmnopqrstuv.ABCDEFGHIJKLMNOPQRSTUV";

    static Stream<Arguments> refusals() {
        return Stream.of(
                refused("kickUser: no user", k -> k.kickUser(null, "r", HR), "userId"),
                refused("kickUser: empty user", k -> k.kickUser("", "r", HR), "userId"),
                refused("kickUser: control character", k -> k.kickUser("bob\n", "r", HR), "userId"),
                refused("kickUser: 129 characters", k -> k.kickUser("b".repeat(129), "r", HR), "userId"),
                refused("kickUser: no actor", k -> k.kickUser("bob", "r", null), "actor"),
                refused("kickUser: actor with a newline", k -> k.kickUser("bob", "r", new Actor("h\nr", null, null)),
                        "actor.userId"),
                refused("kickUser: reason over 500", k -> k.kickUser("bob", "x".repeat(501), HR), "reason"),
                refused("kickDeviceType: key syntax", k -> k.kickDeviceType("bob", "web}:*", "r", HR), "deviceType"),
                refused("kickDeviceType: none", k -> k.kickDeviceType("bob", null, "r", HR), "deviceType"),
                refused("kickSession: not a session id", k -> k.kickSession("bob", "r", HR), "sessionId"),
                refused("kickSession: null", k -> k.kickSession(null, "r", HR), "sessionId"),
                refused("kickSession: key syntax", k -> k.kickSession(SESSION_ID.replace('a', '{'), "r", HR),
                        "sessionId"),
                refused("kickSession: no actor", k -> k.kickSession(SESSION_ID, "r", null), "actor"),
                refused("releaseLock: bad type", k -> k.releaseLock("Order", "1", "r", HR), "type"),
                refused("releaseLock: bad id", k -> k.releaseLock("order", "1:2", "r", HR), "id"),
                refused("releaseLock: no actor", k -> k.releaseLock("order", "1", "r", null), "actor"),
                refused("sessionsOf: no user", k -> k.sessionsOf(null), "userId"),
                refused("liveSessions: negative offset", k -> k.liveSessions(-1, 10), "offset"),
                refused("liveSessions: limit 0", k -> k.liveSessions(0, 0), "limit"),
                refused("liveSessions: limit 501", k -> k.liveSessions(0, 501), "limit"),
                refused("lockOn: wildcard id", k -> k.lockOn("order", "*"), "id"),
                refused("lockOn: no type", k -> k.lockOn(null, "1"), "type"),
                refused("send: not a session id", k -> k.send("bob", "INBOX", 1), "sessionId"),
                refused("send: lower-case type", k -> k.send(SESSION_ID, "inbox", 1), "type"),
                refused("send: type with key syntax", k -> k.send(SESSION_ID, "IN:BOX*", 1), "type"),
                refused("send: no type", k -> k.send(SESSION_ID, null, 1), "type"));
    }

    private static Arguments refused(String name, Consumer<Kickout> call, String field) {
        return Arguments.of(name, call, field);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("refusals")
    void badInputIsRefusedBeforeAnyServiceIsCalled(String name, Consumer<Kickout> call, String field) {
        InvalidRequestException refusal = assertThrows(InvalidRequestException.class, () -> call.accept(new Kickout()));
        assertEquals("INVALID_REQUEST", refusal.code());
        assertTrue(refusal.getMessage().contains(field), refusal::getMessage);
    }

    @ParameterizedTest(name = "reason {0}")
    @MethodSource("reasons")
    void aMissingReasonTakesTheDefault(String given, String expected) {
        assertEquals(expected, Kickout.kickReason(given));
    }

    static List<Arguments> reasons() {
        return List.of(Arguments.of(null, Kickout.DEFAULT_KICK_REASON), Arguments.of("", Kickout.DEFAULT_KICK_REASON),
                Arguments.of("Account disabled", "Account disabled"));
    }
}
