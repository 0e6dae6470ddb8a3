package dev.kickout.it.support;

/** Replication state of one data node, from {@code INFO replication}. */
final class Replication {

    private Replication() {
    }

    /** Replicas attached to this node and in sync ({@code state=online}); 0 if it is not a master. */
    static long onlineReplicas(int port) {
        String info = Resp.text(port, "INFO", "replication");
        if (!info.contains("role:master")) {
            return 0;
        }
        return info.lines().filter(l -> l.matches("slave\\d+:.*") && l.contains("state=online")).count();
    }

    static boolean isMaster(int port) {
        return Resp.text(port, "INFO", "replication").contains("role:master");
    }
}
