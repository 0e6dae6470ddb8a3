package dev.kickout.redis;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;

/**
 * The module's Lua scripts, one atomic operation each, loaded from
 * {@code dev/kickout/redis/<name>.lua}; per-user scripts get {@code user-lib.lua}'s helpers
 * prepended. Each file's header says what it guarantees.
 * Keys only come in through KEYS and values through ARGV.
 */
public enum Script {
    AUTHENTICATE("user-lib", "authenticate"),
    LOGIN("user-lib", "login"),
    REVOKE("user-lib", "revoke"),
    PRUNE_USER("user-lib", "prune-user"),
    LOCK_ACQUIRE("lock-lib", "lock-acquire"),
    LOCK_HEARTBEAT("lock-lib", "lock-heartbeat"),
    LOCK_RELEASE("lock-lib", "lock-release"),
    LOCK_CHECK("lock-lib", "lock-check"),
    LOCK_SAVE("lock-lib", "lock-save"),
    LOCK_FORCE_RELEASE("lock-lib", "lock-force-release"),
    LOCK_DROP("lock-lib", "lock-drop"),
    LOCK_UNINDEX("lock-unindex"),
    LOCK_INDEX_PRUNE("lock-index-prune"),
    LOCK_ORPHAN("lock-orphan"),
    LEASE_RENEW("lease-renew"),
    LEASE_RELEASE("lease-release"),
    SWEEP_SCAN("sweep-scan"),
    AUDIT_APPEND("audit-lib", "audit-append"),
    AUDIT_COLLAPSE("audit-lib", "audit-collapse"),
    INDEX_FORGET_USER("index-forget-user"),
    LOGIN_FAILURE("login-failure");

    private final String name;
    private final String source;

    /** The last part names the script; earlier parts are shared helper files prepended to it. */
    Script(String... parts) {
        this.name = parts[parts.length - 1];
        StringBuilder source = new StringBuilder();
        for (String part : parts) {
            source.append(load(part)).append('\n');
        }
        this.source = source.toString();
    }

    public String source() {
        return source;
    }

    @Override
    public String toString() {
        return name + ".lua";
    }

    private static String load(String name) {
        try (InputStream in = Script.class.getResourceAsStream(name + ".lua")) {
            if (in == null) {
                throw new IllegalStateException("Missing script dev/kickout/redis/" + name + ".lua");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
