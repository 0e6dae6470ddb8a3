package dev.kickout.internal.redis;

import java.nio.charset.StandardCharsets;

/**
 * Redis Cluster's key slots (CRC16/XMODEM of the hash tag, modulo 16384), and for each slot a short
 * tag that hashes to it: a script of one user or one lock can then write an outbox entry into a key
 * of its own slot, and a drainer finds every entry by visiting one shard per slot, on a single
 * server and on a cluster alike, however many other keys there are.
 */
public final class HashSlots {

    public static final int COUNT = 16384;

    private static final String[] TAGS = tags();

    private HashSlots() {
    }

    /** The slot of a key whose hash tag (the text between its braces) is {@code hashTag}. */
    public static int slot(String hashTag) {
        return crc16(hashTag.getBytes(StandardCharsets.UTF_8)) % COUNT;
    }

    /**
     * The slot of a whole key: that of its hash tag (the text between its first '{' and the next '}',
     * when not empty), else of the key itself, as Redis Cluster computes it.
     */
    public static int slotOfKey(String key) {
        int open = key.indexOf('{');
        int close = open < 0 ? -1 : key.indexOf('}', open + 1);
        return slot(close > open + 1 ? key.substring(open + 1, close) : key);
    }

    /** A tag ({@code o<n>}, the same on every instance) whose keys live in {@code slot}. */
    public static String tag(int slot) {
        return TAGS[slot];
    }

    /**
     * Which of {@code shards} equal ranges of the slot space holds the slot of {@code hashTag}: keys
     * spread over shards this way spread as evenly as the slots themselves.
     */
    public static int shard(String hashTag, int shards) {
        return slot(hashTag) * shards / COUNT;
    }

    /**
     * The hash tag of shard {@code shard} of {@code shards}: the first slot of its range, so that on
     * a cluster whose masters own even ranges of slots every master holds a share of the shards.
     */
    public static String shardTag(int shard, int shards) {
        return tag(shard * COUNT / shards);
    }

    static int crc16(byte[] bytes) {
        int crc = 0;
        for (byte b : bytes) {
            crc ^= (b & 0xff) << 8;
            for (int i = 0; i < 8; i++) {
                crc = (crc & 0x8000) != 0 ? (crc << 1) ^ 0x1021 : crc << 1;
            }
        }
        return crc & 0xffff;
    }

    /** The first {@code o<n>} (n = 0, 1, ...) of each slot: about 180,000 candidates, a few ms once. */
    private static String[] tags() {
        String[] tags = new String[COUNT];
        int found = 0;
        for (int n = 0; found < COUNT; n++) {
            String candidate = "o" + n;
            int slot = slot(candidate);
            if (tags[slot] == null) {
                tags[slot] = candidate;
                found++;
            }
        }
        return tags;
    }
}
