package dev.kickout.it.topology;

import dev.kickout.internal.redis.RedisKeys;
import dev.kickout.it.support.RedisNodeProcess;
import dev.kickout.it.support.RedisTopology;
import dev.kickout.it.support.Topology;
import java.util.ArrayList;
import java.util.List;

/**
 * Who and what a failover drill works on, chosen by where their keys live: the victim (a demo user
 * whose slot's master gets killed, on a master other than the admin's when the cluster allows it),
 * a lock user on another master (on Sentinel there is only one), and resources whose locks live on
 * the killed master, plus one elsewhere on a cluster.
 */
record Placement(String victim, RedisNodeProcess killed, String lockUser, List<Resource> resources) {

    /** A lock resource of the drill, and whether acquiring it needs the node that gets killed. */
    record Resource(String type, String id, boolean onKilled) {

        String path() {
            return "locks/" + type + "/" + id;
        }

        /** The key of the resource's fence counter (RedisKeys: {@code P:{lock:T:I}:fence}). */
        String fenceKey(String prefix) {
            return prefix + ":{lock:" + type + ":" + id + "}:fence";
        }
    }

    private static final List<String> USERS = List.of("alice", "bob", "carol");
    private static final String TYPE = "order";

    static Placement choose(String prefix) {
        RedisNodeProcess adminMaster = Topology.masterOf(userKey(prefix, "admin"));
        String victim = USERS.stream().filter(u -> !Topology.masterOf(userKey(prefix, u)).equals(adminMaster))
                .findFirst().orElse("bob");
        RedisNodeProcess killed = Topology.masterOf(userKey(prefix, victim));
        String lockUser = USERS.stream().filter(u -> !Topology.masterOf(userKey(prefix, u)).equals(killed))
                .findFirst().orElse("carol");
        boolean lockUserOnKilled = Topology.masterOf(userKey(prefix, lockUser)).equals(killed);
        List<Resource> resources = new ArrayList<>();
        int onKilled = 0;
        boolean elsewhere = RedisTopology.current() == RedisTopology.CLUSTER; // Sentinel: one master serves all
        for (int n = 0; n < 10_000 && resources.size() < 3; n++) {
            String id = "failover-" + n;
            boolean there = Topology.masterOf(lockKey(prefix, id)).equals(killed);
            if (there && onKilled < (elsewhere ? 2 : 3)) {
                resources.add(new Resource(TYPE, id, true));
                onKilled++;
            } else if (!there && elsewhere && resources.size() - onKilled < 1) {
                resources.add(new Resource(TYPE, id, lockUserOnKilled));
            }
        }
        return new Placement(victim, killed, lockUser, List.copyOf(resources));
    }

    /** The key of a user's session hash: its hash tag decides the slot of everything of that user. */
    static String userKey(String prefix, String userId) {
        return prefix + ":{" + RedisKeys.userTag(userId) + "}:h";
    }

    private static String lockKey(String prefix, String id) {
        return prefix + ":{lock:" + TYPE + ":" + id + "}:h";
    }
}
