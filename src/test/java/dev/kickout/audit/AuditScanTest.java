package dev.kickout.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.kickout.Actor;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AuditScanTest {

    private final List<AuditEntry> force = List.of(entry("9-0", "FORCE_LOGOUT"), entry("5-1", "FORCE_LOGOUT"));
    private final List<AuditEntry> activity = List.of(entry("8-0", "LOGOUT"), entry("5-2", "LOGOUT"),
            entry("5-0", "ADMIN_DENIED"), entry("1-0", "LOGOUT"));
    private int fetches;

    @Test
    void mergesNewestFirstAcrossSources() {
        AuditPage page = AuditScan.page(sources(), AuditId.MAX, AuditId.MIN, e -> true, 10, 100, 2);
        assertEquals(List.of("9-0", "8-0", "5-2", "5-1", "5-0", "1-0"), ids(page));
        assertNull(page.next());
    }

    @Test
    void stopsAtTheLimitAndRespectsBounds() {
        AuditPage page = AuditScan.page(sources(), new AuditId(5, 2), new AuditId(5, 0), e -> true, 2, 100, 1);
        assertEquals(List.of("5-2", "5-1"), ids(page));
        assertNull(page.next());
    }

    @Test
    void aCutShortScanSaysWhereToContinue() {
        AuditPage page = AuditScan.page(sources(), AuditId.MAX, AuditId.MIN, e -> e.action().equals("ADMIN_DENIED"),
                10, 3, 50);
        assertEquals(List.of(), ids(page));
        assertEquals("5-2", page.next());
        AuditPage rest = AuditScan.page(sources(), AuditId.parse(page.next()).previous(), AuditId.MIN,
                e -> e.action().equals("ADMIN_DENIED"), 10, 3, 50);
        assertEquals(List.of("5-0"), ids(rest));
        assertNull(rest.next(), "one entry left after the budget, none to find");
    }

    @Test
    void fetchesOnlyWhatThePageNeeds() {
        AuditScan.page(sources(), AuditId.MAX, AuditId.MIN, e -> true, 2, 100, 2);
        assertEquals(2, fetches);
    }

    private List<AuditScan.Source> sources() {
        return List.of(source(force), source(activity));
    }

    private AuditScan.Source source(List<AuditEntry> stream) {
        return (upper, lower, count) -> {
            fetches++;
            List<AuditEntry> out = new ArrayList<>();
            for (AuditEntry e : stream) {
                AuditId id = AuditId.parse(e.id());
                if (id.compareTo(upper) <= 0 && id.compareTo(lower) >= 0 && out.size() < count) {
                    out.add(e);
                }
            }
            return out;
        };
    }

    private static List<String> ids(AuditPage page) {
        return page.items().stream().map(AuditEntry::id).toList();
    }

    private static AuditEntry entry(String id, String action) {
        return new AuditEntry(id, Instant.EPOCH, action, Actor.SYSTEM, "t", null, "DONE", Map.of());
    }
}
