package dev.kickout.it.audit;

import dev.kickout.internal.redis.RedisKeys;
import dev.kickout.it.support.TestRedis;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.redisson.api.stream.StreamMessageId;
import org.redisson.client.codec.StringCodec;

/** The audit streams of a deployment as stored in Redis: one force and one activity stream per audit shard. */
public final class AuditShards {

    private AuditShards() {
    }

    /** The force streams of every shard. */
    public static List<String> force(String prefix) {
        return streams(prefix, 0);
    }

    /** The activity streams of every shard. */
    public static List<String> activity(String prefix) {
        return streams(prefix, 1);
    }

    /** The entry ids stored in {@code streams}. */
    public static Set<String> ids(List<String> streams) {
        Set<String> ids = new HashSet<>();
        for (String stream : streams) {
            TestRedis.client().<String, String>getStream(stream, StringCodec.INSTANCE)
                    .range(StreamMessageId.MIN, StreamMessageId.MAX).keySet().forEach(id -> ids.add(id.toString()));
        }
        return ids;
    }

    /** Entries stored in each of {@code streams}. */
    public static List<Long> sizes(List<String> streams) {
        return streams.stream().map(stream -> TestRedis.client().getStream(stream, StringCodec.INSTANCE).size())
                .toList();
    }

    private static List<String> streams(String prefix, int which) {
        RedisKeys keys = RedisKeys.withPrefix(prefix);
        List<String> streams = new ArrayList<>();
        for (int shard = 0; shard < RedisKeys.AUDIT_SHARDS; shard++) {
            streams.add(keys.audit(shard).get(which).toString());
        }
        return streams;
    }
}
