package dev.kickout.internal.redis;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;

/**
 * The module's Lua scripts, one atomic operation each, loaded from
 * {@code dev/kickout/internal/redis/<name>.lua}; per-user scripts get {@code user-lib.lua}'s helpers
 * prepended, and every script that decides by time gets {@code clock-lib.lua} (Redis's own TIME).
 * Each file's header says what it guarantees.
 * Keys only come in through KEYS and values through ARGV.
 */
public enum Script {
    AUTHENTICATE("clock-lib", "user-lib", "authenticate"),
    SESSION_TOUCH("clock-lib", "user-lib", "session-touch"),
    LOGIN("clock-lib", "user-lib", "outbox-lib", "index-lib", "login"),
    REVOKE("clock-lib", "user-lib", "outbox-lib", "revoke"),
    PRUNE_USER("clock-lib", "user-lib", "prune-user"),
    USER_SUMMARY("clock-lib", "user-lib", "user-summary"),
    LOCK_ACQUIRE("clock-lib", "lock-lib", "lock-queue-lib", "lock-acquire"),
    LOCK_DEADLINE("clock-lib", "lock-lib", "lock-deadline"),
    LOCK_QUEUE_JOIN("clock-lib", "lock-lib", "lock-queue-lib", "lock-queue-join"),
    LOCK_QUEUE_LEAVE("clock-lib", "lock-lib", "lock-queue-lib", "lock-queue-leave"),
    LOCK_QUEUE_ADVANCE("clock-lib", "lock-lib", "lock-queue-lib", "lock-queue-advance"),
    LOCK_QUEUE_USER("clock-lib", "lock-queue-user"),
    LOCK_UNWATCH("lock-unwatch"),
    LOCK_PRESENCE("clock-lib", "lock-lib", "lock-queue-lib", "lock-presence"),
    LOCK_HANDOVER_ASK("clock-lib", "lock-lib", "lock-queue-lib", "lock-handover-ask"),
    LOCK_HANDOVER_ANSWER("clock-lib", "lock-lib", "lock-queue-lib", "lock-handover-answer"),
    LOCK_HEARTBEAT("clock-lib", "lock-lib", "lock-heartbeat"),
    LOCK_RELEASE("clock-lib", "lock-lib", "lock-release"),
    LOCK_CHECK("lock-lib", "lock-check"),
    LOCK_SAVE("lock-lib", "lock-save"),
    LOCK_FORCE_RELEASE("clock-lib", "lock-lib", "outbox-lib", "lock-force-release"),
    LOCK_DROP("clock-lib", "lock-lib", "lock-drop"),
    LOCK_UNINDEX("lock-unindex"),
    LOCK_CLAIM("clock-lib", "lock-holdings-lib", "lock-claim"),
    LOCK_HOLD("clock-lib", "lock-holdings-lib", "lock-hold"),
    LOCK_UNHOLD("lock-unhold"),
    LOCK_INDEX("clock-lib", "lock-index"),
    LOCK_INDEX_PRUNE("clock-lib", "lock-index-prune"),
    LOCK_ORPHAN("clock-lib", "lock-orphan"),
    LEASE_RENEW("lease-renew"),
    LEASE_RELEASE("lease-release"),
    SWEEP_SCAN("sweep-scan"),
    AUDIT_APPEND("clock-lib", "audit-lib", "audit-append"),
    AUDIT_COLLAPSE("clock-lib", "audit-lib", "audit-collapse"),
    INDEX_USER("index-lib", "index-user"),
    LOGIN_RESERVE("clock-lib", "login-reserve"),
    LOGIN_RESERVE_ADDRESS("login-reserve-address"),
    LOGIN_GIVE_BACK("login-give-back"),
    LOGIN_SUCCEEDED("clock-lib", "login-succeeded"),
    SESSION_STANDING("clock-lib", "user-lib", "session-standing"),
    TICKET_ISSUE("ticket-issue"),
    TICKET_REDEEM("clock-lib", "user-lib", "ticket-redeem"),
    CLOCK_NOW("clock-lib", "clock-now"),
    NEAR_CACHE_BEAT("clock-lib", "near-cache-beat"),
    LOCK_WAIT("clock-lib", "lock-wait"),
    OUTBOX_CLAIM("clock-lib", "outbox-claim"),
    OUTBOX_ACK("outbox-ack"),
    AUDIT_APPEND_ONCE("clock-lib", "audit-lib", "audit-append-once"),
    PUSH_SEND("push-send"),
    LAYOUT_MARK("layout-mark"),
    BAN("clock-lib", "ban"),
    BAN_LIFT("ban-lift"),
    BAN_INDEX("ban-index"),
    BAN_LIST("clock-lib", "ban-list");

    private final String name;
    private final String source;
    private final String sha;

    /** The last part names the script; earlier parts are shared helper files prepended to it. */
    Script(String... parts) {
        this.name = parts[parts.length - 1];
        StringBuilder source = new StringBuilder();
        for (String part : parts) {
            source.append(load(part)).append('\n');
        }
        this.source = source.toString();
        this.sha = sha1(this.source);
    }

    public String source() {
        return source;
    }

    /** The SHA-1 of {@link #source()}, as EVALSHA names the script. */
    public String sha() {
        return sha;
    }

    @Override
    public String toString() {
        return name + ".lua";
    }

    private static String sha1(String source) {
        try {
            MessageDigest sha1 = MessageDigest.getInstance("SHA-1");
            return HexFormat.of().formatHex(sha1.digest(source.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("Every Java platform has SHA-1", e);
        }
    }

    private static String load(String name) {
        try (InputStream in = Script.class.getResourceAsStream(name + ".lua")) {
            if (in == null) {
                throw new IllegalStateException("Missing script dev/kickout/internal/redis/" + name + ".lua");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
