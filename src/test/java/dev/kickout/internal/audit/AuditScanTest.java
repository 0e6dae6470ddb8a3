package dev.kickout.internal.audit;

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

    /**
     * Eight shards of two streams each, ids as audit-lib.lua hands them out (sequence = the shard's
     * counter * 8 + the shard), many in the same millisecond: paging by the last id as
     * {@code before} lists every entry exactly once, newest first.
     */
    @Test
    void shardedIdsPageThroughEveryShardOnce() {
        int shards = 8;
        java.util.Random random = new java.util.Random(12);
        List<List<AuditEntry>> streams = new ArrayList<>();
        for (int i = 0; i < 2 * shards; i++) {
            streams.add(new ArrayList<>());
        }
        long[] counters = new long[shards];
        long[] lastMillis = new long[shards];
        List<String> all = new ArrayList<>();
        for (int n = 0; n < 1_000; n++) {
            int shard = random.nextInt(shards);
            long millis = 1_000 + n / 7; // seven entries per millisecond, over the shards
            counters[shard] = millis == lastMillis[shard] ? counters[shard] + 1 : 0;
            lastMillis[shard] = millis;
            String id = millis + "-" + (counters[shard] * shards + shard);
            streams.get(2 * shard + random.nextInt(2)).add(0, entry(id, "LOGOUT"));
            all.add(id);
        }
        all.sort((x, y) -> AuditId.parse(y).compareTo(AuditId.parse(x)));
        assertEquals(all.size(), new java.util.HashSet<>(all).size(), "ids unique over the shards");
        List<AuditScan.Source> sources = streams.stream().map(this::source).toList();
        List<String> paged = new ArrayList<>();
        AuditId upper = AuditId.MAX;
        while (upper != null) {
            AuditPage page = AuditScan.page(sources, upper, AuditId.MIN, e -> true, 37, 2_000, 16);
            paged.addAll(ids(page));
            upper = page.items().size() < 37 ? null : AuditId.parse(paged.get(paged.size() - 1)).previous();
        }
        assertEquals(all, paged);
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
