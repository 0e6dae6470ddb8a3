package dev.kickout.internal.redis;

import dev.kickout.InvalidRequestException;
import dev.kickout.internal.i18n.Text;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.Deque;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.concurrent.CompletableFuture;
import java.util.function.IntFunction;
import org.redisson.api.RScoredSortedSetAsync;
import org.redisson.client.codec.StringCodec;
import org.redisson.client.protocol.ScoredEntry;

/**
 * One page of a sorted set split over shards (a listing index spread over Redis Cluster slots), as
 * if it were one set: the shards are read a chunk at a time, by rank, and merged by score (ties by
 * member, as Redis orders them). A page at {@code offset} consumes {@code offset + limit} entries,
 * so its work is bounded by {@link #MAX_WINDOW}: at most {@code offset + limit + shards * chunk}
 * entries read, chunks of all shards that need one fetched in one round trip.
 */
public final class ShardedRange {

    /** Largest {@code offset + limit} a page may reach (deeper pages answer 400, like a search engine's result window). */
    public static final int MAX_WINDOW = 10_000;
    /** Smallest chunk read from a shard, so that tiny pages still take one round trip. */
    static final int MIN_CHUNK = 16;

    /** Up to {@code count} entries of shard {@code shard} from rank {@code from}, in the page's order. */
    public record Request(int shard, int from, int count) {
    }

    /** Answers several requests, preferably in one round trip; one list of entries per request, in order. */
    @FunctionalInterface
    public interface Reader {
        List<List<ScoredEntry<String>>> read(List<Request> requests);
    }

    private ShardedRange() {
    }

    /**
     * A {@link Reader} of the sorted sets {@code key(shard)} by rank ({@code descending}: highest score
     * first), every request in one round trip (a batch per Cluster slot, {@link SlotBatches}).
     */
    public static Reader over(RedisStore redis, IntFunction<String> key, boolean descending) {
        return requests -> {
            List<CompletableFuture<Collection<ScoredEntry<String>>>> reads = new ArrayList<>();
            redis.call(client -> {
                SlotBatches batches = redis.batches(client);
                for (Request request : requests) {
                    String set = key.apply(request.shard());
                    RScoredSortedSetAsync<String> entries = batches.forKey(set).getScoredSortedSet(set, StringCodec.INSTANCE);
                    int to = request.from() + request.count() - 1;
                    reads.add((descending ? entries.entryRangeReversedAsync(request.from(), to)
                            : entries.entryRangeAsync(request.from(), to)).toCompletableFuture());
                }
                return batches.execute();
            });
            return reads.stream().map(read -> List.copyOf(read.join())).toList();
        };
    }

    /**
     * Refuses a page beyond {@link #MAX_WINDOW} unless it starts past the end ({@code total}
     * entries), which needs no merge and stays an empty page.
     */
    public static void requireWindow(int offset, int limit, long total) {
        if (offset < total && (long) offset + limit > MAX_WINDOW) {
            throw new InvalidRequestException(Text.of("listing.window", String.valueOf(MAX_WINDOW)));
        }
    }

    /**
     * Entries {@code offset} .. {@code offset + limit - 1} of the union of {@code shards} sorted
     * sets, highest score first when {@code descending}, else lowest first.
     */
    public static List<ScoredEntry<String>> page(int shards, Reader reader, boolean descending, int offset, int limit) {
        if (offset < 0 || limit < 1 || (long) offset + limit > MAX_WINDOW) {
            throw new IllegalArgumentException("page beyond the window: " + offset + "+" + limit);
        }
        int window = offset + limit;
        int chunk = Math.min(window, Math.max(MIN_CHUNK, (window * 5 / 4 + shards - 1) / shards));
        Iterator<ScoredEntry<String>> merged = merged(shards, reader, descending, chunk);
        List<ScoredEntry<String>> page = new ArrayList<>(limit);
        for (int skipped = 0; page.size() < limit && merged.hasNext(); ) {
            ScoredEntry<String> taken = merged.next();
            if (skipped < offset) {
                skipped++;
            } else {
                page.add(taken);
            }
        }
        return page;
    }

    /**
     * The union of {@code shards} sorted sets in order, read lazily {@code chunk} entries of a shard at
     * a time (the chunks of all shards that need one in one read), for a walk whose length the caller
     * decides as it goes.
     */
    public static Iterator<ScoredEntry<String>> merged(int shards, Reader reader, boolean descending, int chunk) {
        return new Merge(shards, reader, descending, chunk);
    }

    private static final class Merge implements Iterator<ScoredEntry<String>> {

        private final Reader reader;
        private final Comparator<ScoredEntry<String>> order;
        private final int chunk;
        private final List<Deque<ScoredEntry<String>>> buffers = new ArrayList<>();
        private final int[] next;
        private final boolean[] exhausted;

        Merge(int shards, Reader reader, boolean descending, int chunk) {
            this.reader = reader;
            this.chunk = chunk;
            Comparator<ScoredEntry<String>> ascending = Comparator.<ScoredEntry<String>>comparingDouble(
                    ScoredEntry::getScore).thenComparing(ScoredEntry::getValue);
            this.order = descending ? ascending.reversed() : ascending;
            this.next = new int[shards];
            this.exhausted = new boolean[shards];
            for (int i = 0; i < shards; i++) {
                buffers.add(new ArrayDeque<>());
            }
        }

        @Override
        public boolean hasNext() {
            return best() >= 0;
        }

        @Override
        public ScoredEntry<String> next() {
            int best = best();
            if (best < 0) {
                throw new NoSuchElementException();
            }
            return buffers.get(best).pollFirst();
        }

        /** The shard whose head comes next (after refilling every shard that ran dry), or -1 when all are done. */
        private int best() {
            refill();
            int best = -1;
            for (int i = 0; i < buffers.size(); i++) {
                ScoredEntry<String> head = buffers.get(i).peekFirst();
                if (head != null && (best < 0 || order.compare(head, buffers.get(best).peekFirst()) < 0)) {
                    best = i;
                }
            }
            return best;
        }

        /** Fetches the next chunk of every shard whose buffer ran dry, all in one read. */
        private void refill() {
            List<Request> requests = new ArrayList<>();
            for (int i = 0; i < buffers.size(); i++) {
                if (buffers.get(i).isEmpty() && !exhausted[i]) {
                    requests.add(new Request(i, next[i], chunk));
                }
            }
            if (requests.isEmpty()) {
                return;
            }
            List<List<ScoredEntry<String>>> replies = reader.read(requests);
            for (int r = 0; r < requests.size(); r++) {
                int shard = requests.get(r).shard();
                List<ScoredEntry<String>> entries = replies.get(r);
                buffers.get(shard).addAll(entries);
                next[shard] += entries.size();
                exhausted[shard] = entries.size() < chunk;
            }
        }
    }
}
