package dev.kickout.internal.rest;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.kickout.InvalidRequestException;
import dev.kickout.internal.i18n.Languages;
import dev.kickout.internal.i18n.Text;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ProblemsTest {

    @Test
    void bodiesCarryTheRfc9457MembersAndTheCode() {
        Map<String, Object> body = Problems.body(new InvalidRequestException("id must match ..."), Locale.ENGLISH);
        assertEquals(List.of("type", "title", "status", "code", "detail"), List.copyOf(body.keySet()));
        assertEquals("https://kickout.dev/problems/invalid-request", body.get("type"));
        assertEquals("Bad Request", body.get("title"));
        assertEquals(400, body.get("status"));
        assertEquals("INVALID_REQUEST", body.get("code"));
    }

    @Test
    void extrasFollowInOrder() {
        var e = new dev.kickout.KickoutException(409, "LOCK_LOST", "gone").with("reason", "EXPIRED").with("by", null);
        Map<String, Object> body = Problems.body(e, Locale.ENGLISH);
        assertEquals(List.of("type", "title", "status", "code", "detail", "reason", "by"), List.copyOf(body.keySet()));
        assertEquals("Locked", Problems.title(423));
    }

    @Test
    void theDetailIsInTheLanguageAskedForAndTheCodeNeverChanges() {
        var e = new InvalidRequestException(Text.of("checks.required", "reason"));
        Map<String, Object> english = Problems.body(e, Languages.of("en-US"));
        Map<String, Object> chinese = Problems.body(e, Languages.of("zh-CN,zh;q=0.9"));
        assertEquals("reason is required", english.get("detail"));
        assertEquals("reason 为必填项", chinese.get("detail"));
        assertEquals(english.get("code"), chinese.get("code"));
        assertEquals(english.get("type"), chinese.get("type"));
        assertEquals("reason is required", e.getMessage(), "logs read English");
    }
}
