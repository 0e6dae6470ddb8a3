package dev.kickout.internal.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** kickout.redis.wait-replicas resolved against the kind of Redisson configuration, and what confirms a decision. */
class ReplicaAcksTest {

    private static final Duration HALF_SECOND = Duration.ofMillis(500);

    @ParameterizedTest
    @CsvSource({
            // configured (-1 = auto), single server, replicas waited for
            "-1, true,  0",
            "-1, false, 1",
            "0,  false, 0",
            "0,  true,  0",
            "2,  false, 2",
            "1,  true,  1", // a number wins, even on a single server (then every decision is a 503: the operator asked)
    })
    void autoMeansOneWhereReplicasExistAndANumberWins(int configured, boolean singleServer, int expected) {
        OptionalInt setting = configured < 0 ? OptionalInt.empty() : OptionalInt.of(configured);
        ReplicaAcks acks = ReplicaAcks.resolve(setting, singleServer, HALF_SECOND);
        assertEquals(expected, acks.replicas());
        assertEquals(expected > 0, acks.required());
        assertEquals(HALF_SECOND, acks.timeout());
    }

    @ParameterizedTest
    @CsvSource({
            // required, acknowledged, confirmed
            "1, 0, false",
            "1, 1, true",
            "1, 2, true",
            "2, 1, false",
            "2, 2, true",
            "0, 0, true",
    })
    void aDecisionIsConfirmedOnlyWithEnoughAcknowledgements(int required, int acknowledged, boolean confirmed) {
        assertEquals(confirmed, new ReplicaAcks(required, HALF_SECOND).confirmedBy(acknowledged));
    }

    @Test
    void neverAZeroWaitWhichRedisReadsAsForever() {
        assertThrows(IllegalArgumentException.class, () -> new ReplicaAcks(1, Duration.ZERO));
        assertThrows(IllegalArgumentException.class, () -> new ReplicaAcks(1, Duration.ofNanos(999_999)));
        assertThrows(IllegalArgumentException.class, () -> new ReplicaAcks(-1, HALF_SECOND));
    }

    @Test
    void theStartupLineSaysWhatConfirms() {
        assertTrue(new ReplicaAcks(1, HALF_SECOND).summary().contains("1 replica acknowledgement(s) within 500 ms"));
        assertFalse(new ReplicaAcks(0, HALF_SECOND).summary().contains("replica acknowledgement"));
    }

    @Test
    void unconfirmedIsNeverReadFromAnErrorReply() {
        assertEquals(java.util.Optional.empty(),
                RedisRefusal.of(new org.redisson.client.RedisException("UNCONFIRMED something")));
        StoreUnavailableException e = StoreUnavailableException.unconfirmed(0, 1);
        assertEquals(503, e.status());
        assertEquals("STORE_UNAVAILABLE", e.code());
        assertTrue(e.detail().contains("0 of 1"), e.detail());
    }
}
