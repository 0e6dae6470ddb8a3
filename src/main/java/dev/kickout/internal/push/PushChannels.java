package dev.kickout.internal.push;

import dev.kickout.internal.redis.RedisKeys;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import org.redisson.api.RBatch;
import org.redisson.api.RFuture;
import org.redisson.api.RTopic;
import org.redisson.api.RedissonClient;
import org.redisson.client.codec.StringCodec;

/**
 * The Redis channels that carry events between instances. On Redis Cluster, classic pub/sub sends
 * every message to every node over the cluster bus, whichever master the publisher talks to;
 * there, events go over sharded pub/sub (SPUBLISH/SSUBSCRIBE, Redis 7.0+) on
 * {@link RedisKeys#PUSH_SHARDS} channels spread over the slot space, an event on the channel of
 * its session's user, and every instance subscribes to all of them. A single server and Sentinel
 * keep the one classic channel, which Redis 6 serves too.
 */
@ApplicationScoped
class PushChannels {

    @Inject
    RedisKeys keys;

    /** Every channel an instance listens on. */
    List<RTopic> all(RedissonClient client) {
        if (!sharded(client)) {
            return List.of(client.getTopic(keys.pushChannel(), StringCodec.INSTANCE));
        }
        List<RTopic> topics = new ArrayList<>();
        for (int shard = 0; shard < RedisKeys.PUSH_SHARDS; shard++) {
            topics.add(client.getShardedTopic(keys.pushChannel(shard), StringCodec.INSTANCE));
        }
        return topics;
    }

    /** The one channel of a single server or Sentinel setup. */
    String classic() {
        return keys.pushChannel();
    }

    /** The channel of a session's events (a session id starts with its user's tag). */
    RTopic of(RedissonClient client, String sessionId) {
        if (!sharded(client)) {
            return client.getTopic(keys.pushChannel(), StringCodec.INSTANCE);
        }
        String userTag = sessionId.substring(0, RedisKeys.USER_TAG_LENGTH);
        return client.getShardedTopic(keys.pushChannel(RedisKeys.pushShardOfUser(userTag)), StringCodec.INSTANCE);
    }

    /** Adds the publication of {@code message} on the channel of a session's events (sharded: a Cluster) to {@code batch}. */
    RFuture<Long> publish(RBatch batch, String sessionId, String message) {
        return batch.getShardedTopic(channel(sessionId), StringCodec.INSTANCE).publishAsync(message);
    }

    /** The sharded channel of a session's events (a Cluster routes it by its slot, as a key). */
    String channel(String sessionId) {
        String userTag = sessionId.substring(0, RedisKeys.USER_TAG_LENGTH);
        return keys.pushChannel(RedisKeys.pushShardOfUser(userTag));
    }

    private static boolean sharded(RedissonClient client) {
        return client.getConfig().isClusterConfig();
    }
}
