package dev.kickout.rest;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.kickout.InvalidRequestException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ProblemsTest {

    @Test
    void bodiesCarryTheRfc9457MembersAndTheCode() {
        Map<String, Object> body = Problems.body(new InvalidRequestException("id must match ..."));
        assertEquals(List.of("type", "title", "status", "code", "detail"), List.copyOf(body.keySet()));
        assertEquals("https://kickout.dev/problems/invalid-request", body.get("type"));
        assertEquals("Bad Request", body.get("title"));
        assertEquals(400, body.get("status"));
        assertEquals("INVALID_REQUEST", body.get("code"));
    }

    @Test
    void extrasFollowInOrder() {
        var e = new dev.kickout.KickoutException(409, "LOCK_LOST", "gone").with("reason", "EXPIRED").with("by", null);
        Map<String, Object> body = Problems.body(e);
        assertEquals(List.of("type", "title", "status", "code", "detail", "reason", "by"), List.copyOf(body.keySet()));
        assertEquals("Locked", Problems.title(423));
    }
}
