package dev.kickout.it.support;

import redis.embedded.RedisServer;

/**
 * A real {@code redis-server} (the binary shipped in {@code org.signal:embedded-redis}), bound to
 * 127.0.0.1 and without persistence, so nothing is written to disk and nothing outlives the run.
 */
final class RedisProcess {

    private RedisProcess() {
    }

    static RedisServer create(int port) {
        return RedisServer.builder()
                .bind("127.0.0.1")
                .port(port)
                .setting("save \"\"")
                .setting("appendonly no")
                .setting("protected-mode yes")
                // DEBUG RELOAD and DEBUG POPULATE from 127.0.0.1 only: TestRedis.loading() puts Redis in LOADING
                .setting("enable-debug-command local")
                .build();
    }
}
