package dev.kickout.internal.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.InvalidRequestException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.redisson.client.protocol.ScoredEntry;

class ShardedRangeTest {

    /** Sorted sets in memory, read like ZRANGE/ZREVRANGE by rank; counts entries and round trips. */
    private static final class Shards implements ShardedRange.Reader {
        final List<List<ScoredEntry<String>>> sets = new ArrayList<>();
        final boolean descending;
        final AtomicInteger entriesRead = new AtomicInteger();
        final AtomicInteger roundTrips = new AtomicInteger();

        Shards(int count, boolean descending) {
            this.descending = descending;
            for (int i = 0; i < count; i++) {
                sets.add(new ArrayList<>());
            }
        }

        void add(int shard, double score, String member) {
            sets.get(shard).add(new ScoredEntry<>(score, member));
            sets.get(shard).sort(order(descending));
        }

        List<ScoredEntry<String>> all() {
            List<ScoredEntry<String>> all = new ArrayList<>();
            sets.forEach(all::addAll);
            all.sort(order(descending));
            return all;
        }

        @Override
        public List<List<ScoredEntry<String>>> read(List<ShardedRange.Request> requests) {
            roundTrips.incrementAndGet();
            List<List<ScoredEntry<String>>> replies = new ArrayList<>();
            for (ShardedRange.Request request : requests) {
                List<ScoredEntry<String>> set = sets.get(request.shard());
                int from = Math.min(request.from(), set.size());
                List<ScoredEntry<String>> range = set.subList(from, Math.min(set.size(), from + request.count()));
                entriesRead.addAndGet(range.size());
                replies.add(List.copyOf(range));
            }
            return replies;
        }
    }

    private static Comparator<ScoredEntry<String>> order(boolean descending) {
        Comparator<ScoredEntry<String>> ascending = Comparator.<ScoredEntry<String>>comparingDouble(ScoredEntry::getScore)
                .thenComparing(ScoredEntry::getValue);
        return descending ? ascending.reversed() : ascending;
    }

    private static List<String> members(List<ScoredEntry<String>> entries) {
        return entries.stream().map(ScoredEntry::getValue).toList();
    }

    @Test
    void interleavedScoresMergeNewestFirst() {
        Shards shards = new Shards(3, true);
        shards.add(0, 9, "a9");
        shards.add(0, 3, "a3");
        shards.add(1, 8, "b8");
        shards.add(1, 7, "b7");
        shards.add(1, 1, "b1");
        shards.add(2, 5, "c5");
        assertEquals(List.of("a9", "b8", "b7", "c5", "a3", "b1"),
                members(ShardedRange.page(3, shards, true, 0, 10)));
        assertEquals(List.of("b7", "c5"), members(ShardedRange.page(3, shards, true, 2, 2)));
        assertEquals(List.of("b1"), members(ShardedRange.page(3, shards, true, 5, 2)));
        assertEquals(List.of(), members(ShardedRange.page(3, shards, true, 6, 2)));
    }

    @Test
    void ascendingForSoonestFirst() {
        Shards shards = new Shards(2, false);
        shards.add(0, 4, "x");
        shards.add(1, 2, "y");
        shards.add(1, 6, "z");
        assertEquals(List.of("y", "x", "z"), members(ShardedRange.page(2, shards, false, 0, 3)));
    }

    @Test
    void equalScoresOrderByMemberAsRedisDoes() {
        Shards shards = new Shards(2, true);
        shards.add(0, 5, "m");
        shards.add(1, 5, "z");
        shards.add(1, 5, "a");
        assertEquals(List.of("z", "m", "a"), members(ShardedRange.page(2, shards, true, 0, 3)));
    }

    /** Every page of every size, across shard and chunk boundaries, equals the same page of the union. */
    @ParameterizedTest
    @CsvSource({"16, 1000, true, 1", "16, 1000, false, 2", "4, 57, true, 3", "1, 40, true, 4", "16, 5, false, 5"})
    void pagesEqualTheUnionsPages(int count, int entries, boolean descending, long seed) {
        Random random = new Random(seed);
        Shards shards = new Shards(count, descending);
        for (int i = 0; i < entries; i++) {
            // skewed: shard 0 gets a third, scores collide often
            int shard = random.nextInt(3) == 0 ? 0 : random.nextInt(count);
            shards.add(shard, random.nextInt(entries / 2 + 1), "m" + i);
        }
        List<String> all = members(shards.all());
        for (int limit : new int[] {1, 7, 50, 500}) {
            List<String> walked = new ArrayList<>();
            for (int offset = 0; offset < entries + limit; offset += limit) {
                List<String> page = members(ShardedRange.page(count, shards, descending, offset, limit));
                assertEquals(all.subList(Math.min(offset, entries), Math.min(entries, offset + limit)), page,
                        "offset " + offset + " limit " + limit);
                walked.addAll(page);
            }
            assertEquals(all, walked, "pages cover every entry exactly once");
        }
    }

    @Test
    void workIsBoundedByTheWindow() {
        int count = 16;
        Shards shards = new Shards(count, true);
        for (int i = 0; i < 20_000; i++) {
            shards.add(i % count, i, "m" + i);
        }
        int offset = 9_500;
        int limit = 500;
        List<ScoredEntry<String>> page = ShardedRange.page(count, shards, true, offset, limit);
        assertEquals("m" + (20_000 - 1 - offset), page.get(0).getValue());
        int chunk = Math.max(ShardedRange.MIN_CHUNK, ((offset + limit) * 5 / 4 + count - 1) / count);
        assertTrue(shards.entriesRead.get() <= offset + limit + count * chunk, "read " + shards.entriesRead);
        assertTrue(shards.roundTrips.get() <= 3, "evenly spread: one round trip and a top-up, " + shards.roundTrips);
        System.out.println("[figure] sharded page offset=9500 limit=500 over 16 shards: " + shards.entriesRead
                + " entries read in " + shards.roundTrips + " round trips");
    }

    @Test
    void deepPagesAreRefusedUnlessPastTheEnd() {
        ShardedRange.requireWindow(9_500, 500, 1_000_000);
        ShardedRange.requireWindow(Integer.MAX_VALUE, 500, 3);
        assertThrows(InvalidRequestException.class, () -> ShardedRange.requireWindow(9_501, 500, 1_000_000));
        assertThrows(InvalidRequestException.class, () -> ShardedRange.requireWindow(Integer.MAX_VALUE, 500, Long.MAX_VALUE));
    }
}
