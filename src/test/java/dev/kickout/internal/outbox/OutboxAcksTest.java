package dev.kickout.internal.outbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.internal.redis.RedisStore;
import dev.kickout.internal.redis.Script;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class OutboxAcksTest {

    private static final List<Object> SHARD_A = List.of("{o0}:ob", "{o0}:ob:due");
    private static final List<Object> SHARD_B = List.of("{o1}:ob", "{o1}:ob:due");

    /** OutboxAcks whose round trip is recorded, or refused while {@link #refusing}; its scheduler never runs anything. */
    private static final class Recorded extends OutboxAcks {
        final List<List<RedisStore.Call>> sent = new ArrayList<>();
        boolean refusing;

        Recorded() {
            scheduler = (ManagedScheduledExecutorService) Proxy.newProxyInstance(getClass().getClassLoader(),
                    new Class<?>[] {ManagedScheduledExecutorService.class}, (proxy, method, args) -> null);
        }

        @Override
        void acknowledge(List<RedisStore.Call> calls) {
            if (refusing) {
                throw new IllegalStateException("Redis refuses");
            }
            sent.add(calls);
        }

        List<Object> ids(int flush) {
            return sent.get(flush).stream().flatMap(call -> Arrays.stream(call.args())).toList();
        }
    }

    @Test
    void oneCallPerShardAndFiveHundredIds() {
        Map<List<Object>, List<String>> due = new LinkedHashMap<>();
        due.put(SHARD_A, ids(0, 1_201));
        due.put(SHARD_B, ids(5_000, 3));
        List<RedisStore.Call> calls = OutboxAcks.calls(due);
        assertEquals(List.of(500, 500, 201, 3), calls.stream().map(call -> call.args().length).toList());
        assertEquals(List.of(SHARD_A, SHARD_A, SHARD_A, SHARD_B), calls.stream().map(RedisStore.Call::keys).toList());
        assertTrue(calls.stream().allMatch(call -> call.script() == Script.OUTBOX_ACK));
        List<Object> all = calls.stream().flatMap(call -> Arrays.stream(call.args())).toList();
        List<Object> expected = new ArrayList<>(ids(0, 1_201));
        expected.addAll(ids(5_000, 3));
        assertEquals(expected, all, "every id once, in order");
    }

    @Test
    void acknowledgementsOfOneLingerGoTogether() {
        Recorded acks = new Recorded();
        acks.add(SHARD_A, "1");
        acks.add(SHARD_B, "2");
        acks.add(SHARD_A, "3");
        assertTrue(acks.sent.isEmpty(), "nothing before the linger ends");
        acks.flush();
        assertEquals(1, acks.sent.size());
        assertEquals(List.of(SHARD_A, SHARD_B), acks.sent.get(0).stream().map(RedisStore.Call::keys).sorted(
                (a, b) -> a.toString().compareTo(b.toString())).toList());
        assertEquals(List.of("1", "2", "3"), acks.ids(0).stream().sorted().toList());
        acks.flush();
        assertEquals(1, acks.sent.size(), "nothing left to send");
    }

    @Test
    void refusedAcknowledgementsGoWithTheNextOnes() {
        Recorded acks = new Recorded();
        acks.add(SHARD_A, "1");
        acks.refusing = true;
        acks.flush();
        acks.refusing = false;
        acks.add(SHARD_A, "2");
        acks.flush();
        assertEquals(List.of("1", "2"), acks.ids(0));
    }

    @Test
    void refusedAcknowledgementsAreKeptUpToTheirBound() {
        Recorded acks = new Recorded();
        ids(0, OutboxAcks.MAX_PENDING + 5).forEach(id -> acks.add(SHARD_A, id));
        acks.refusing = true;
        acks.flush();
        acks.refusing = false;
        acks.flush();
        List<Object> sent = acks.ids(0);
        // the first ones kept, the rest left to the drainers
        assertEquals(OutboxAcks.MAX_PENDING, sent.size());
        assertEquals(List.of("0", Integer.toString(OutboxAcks.MAX_PENDING - 1)), List.of(sent.get(0), sent.get(sent.size() - 1)));
    }

    @Test
    void whileStoppingEachAcknowledgementGoesAtOnce() {
        Recorded acks = new Recorded();
        acks.add(SHARD_A, "1");
        acks.stopping(null);
        assertEquals(List.of("1"), acks.ids(0), "what was pending goes when the application starts to stop");
        acks.add(SHARD_B, "2");
        assertEquals(List.of("2"), acks.ids(1), "and later ones without waiting");
    }

    private static List<String> ids(int from, int count) {
        return IntStream.range(from, from + count).mapToObj(Integer::toString).toList();
    }
}
