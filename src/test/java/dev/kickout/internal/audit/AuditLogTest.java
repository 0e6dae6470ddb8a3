package dev.kickout.internal.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.kickout.Actor;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The sink never fails a request: a failed write is logged, a failed read falls back to Redis. */
class AuditLogTest {

    private final List<String> appended = new ArrayList<>();
    private final AuditPage fromRedis = new AuditPage(List.of(), null);
    private final AuditLog log = new AuditLog();

    AuditLogTest() {
        log.streams = new AuditStreams() {
            @Override
            AuditEntry append(AuditEntry draft, boolean force) {
                appended.add(draft.action() + (force ? " force" : " activity"));
                return new AuditEntry("1-0", Instant.EPOCH, draft.action(), draft.actor(), draft.target(),
                        draft.reason(), draft.outcome(), draft.details());
            }

            @Override
            Optional<AuditEntry> collapse(AuditEntry draft) {
                appended.add(draft.action() + " collapsed");
                return Optional.empty();
            }

            @Override
            AuditPage read(AuditQuery query) {
                return fromRedis;
            }
        };
        log.sink = new AuditSink() {
            @Override
            boolean enabled() {
                return true;
            }

            @Override
            void write(AuditEntry entry) {
                throw new AuditSinkException("down", new SQLException("connection refused"));
            }

            @Override
            AuditPage read(AuditQuery query) {
                throw new AuditSinkException("down", new SQLException("connection refused"));
            }
        };
    }

    @Test
    void routesActionsAndSurvivesAFailingSink() {
        Actor admin = new Actor("admin", "s", "127.0.0.1");
        log.record("FORCE_LOGOUT", admin, "session:x", "r\nx", "DONE", Map.of());
        log.record("LOCK_FORCE_RELEASE", admin, "lock:document/1", "r", "DONE", Map.of());
        log.record("LOGOUT", admin, "session:y", null, "DONE", Map.of());
        log.record("ADMIN_DENIED", admin, "GET " + "p".repeat(2_000), null, "DENIED", Map.of());
        assertEquals(List.of("FORCE_LOGOUT force", "LOCK_FORCE_RELEASE force", "LOGOUT activity", "ADMIN_DENIED collapsed"),
                appended);
    }

    @Test
    void readsFallBackToRedis() {
        assertSame(fromRedis, log.list(AuditQuery.of(null, null, null, null, null, null, null)));
    }
}
