package dev.kickout.it.support;

/**
 * One {@code redis-server} of a {@link Topology}: its port on 127.0.0.1 and the process id it runs
 * as now (a restarted node gets a new record with a new pid; compare nodes by {@link #port()}).
 */
public record RedisNodeProcess(int port, long pid) {

    /** Address in Redisson form, e.g. {@code redis://127.0.0.1:7001}. */
    public String address() {
        return "redis://127.0.0.1:" + port;
    }
}
