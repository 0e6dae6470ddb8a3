package dev.kickout.internal.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class HashSlotsTest {

    /** Values from the Redis Cluster specification and CLUSTER KEYSLOT. */
    @ParameterizedTest
    @CsvSource({"foo, 12182", "bar, 5061", "user1000, 3443", "somekey, 11058"})
    void slotsAreRedisClusterSlots(String tag, int slot) {
        assertEquals(slot, HashSlots.slot(tag));
    }

    @Test
    void crcIsXmodem() {
        assertEquals(0x31C3, HashSlots.crc16("123456789".getBytes(StandardCharsets.US_ASCII)));
    }

    @Test
    void aKeysSlotIsThatOfItsHashTagAsRedisClusterComputesIt() {
        assertEquals(12182, HashSlots.slotOfKey("foo")); // CLUSTER KEYSLOT foo
        assertEquals(HashSlots.slot("user1000"), HashSlots.slotOfKey("p:{user1000}:following"));
        assertEquals(HashSlots.slot("bar"), HashSlots.slotOfKey("foo{bar}{zap}"));
        assertEquals(HashSlots.slot("{bar"), HashSlots.slotOfKey("foo{{bar}}zap"));
        assertEquals(HashSlots.slot("foo{}{bar}"), HashSlots.slotOfKey("foo{}{bar}"));
        assertEquals(HashSlots.slot("foo{bar"), HashSlots.slotOfKey("foo{bar"));
    }

    @Test
    void everySlotHasItsOwnTag() {
        Set<String> tags = new HashSet<>();
        for (int slot = 0; slot < HashSlots.COUNT; slot++) {
            assertEquals(slot, HashSlots.slot(HashSlots.tag(slot)));
            tags.add(HashSlots.tag(slot));
        }
        assertEquals(HashSlots.COUNT, tags.size());
    }
}
