package dev.kickout.internal.audit;

import dev.kickout.Actor;
import dev.kickout.internal.LogId;
import dev.kickout.internal.LogText;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The audit trail: two Redis Streams that outlive app-server restarts (force actions apart, so
 * no amount of routine traffic pushes them out; both trimmed by {@code kickout.audit.retention},
 * routine entries also by {@code kickout.audit.activity-capacity}), repeated denials collapsed
 * per caller and {@code kickout.audit.denial-window}, one escaped log line per entry, and, when
 * {@code kickout.audit.datasource} is set, a durable copy in a database table that also answers
 * the reads.
 */
@ApplicationScoped
public class AuditLog {

    /** Actions an admin (or a login policy) forces on others: never trimmed by count. */
    public static final Set<String> FORCE_ACTIONS = Set.of("FORCE_LOGOUT", "SESSION_REPLACED", "LOCK_FORCE_RELEASE",
            "USER_BANNED", "BAN_LIFTED");
    /** Actions recorded once per caller and denial window, the rest only counted. */
    public static final Set<String> COLLAPSED_ACTIONS = Set.of("ADMIN_DENIED");

    private static final Logger LOG = Logger.getLogger("dev.kickout.audit");

    @Inject
    AuditStreams streams;
    @Inject
    AuditSink sink;

    void onStartup(@Observes @Initialized(ApplicationScoped.class) Object ignored) {
        if (sink.enabled()) {
            sink.start();
        }
    }

    /** Appends an entry (or counts it, for a collapsed action), logs it and copies it to the sink. */
    public void record(String action, Actor actor, String target, String reason, String outcome,
                       Map<String, String> details) {
        record(action, actor, target, reason, outcome, details, null);
    }

    /**
     * As {@link #record(String, Actor, String, String, String, Map)}, but only once per
     * {@code deliveryKey} (when not null): for events delivered at least once, through the outbox.
     */
    public void record(String action, Actor actor, String target, String reason, String outcome,
                       Map<String, String> details, String deliveryKey) {
        AuditEntry draft = new AuditEntry(null, null, action, actor, clip(target), reason, outcome, details);
        if (deliveryKey != null && !COLLAPSED_ACTIONS.contains(action)) {
            // an outbox delivery's entry: with its decision's other follow-ups when they go together
            streams.appendOnce(draft, FORCE_ACTIONS.contains(action), deliveryKey, stored -> stored.ifPresent(this::written));
            return;
        }
        Optional<AuditEntry> stored = COLLAPSED_ACTIONS.contains(action) ? streams.collapse(draft)
                : Optional.of(streams.append(draft, FORCE_ACTIONS.contains(action)));
        stored.ifPresent(this::written);
    }

    /** An entry stored in Redis: to the server log, and copied to the sink when there is one. */
    private void written(AuditEntry entry) {
        LOG.info(() -> AuditLines.line(entry));
        if (sink.enabled()) {
            copy(entry);
        }
    }

    /** A page of entries, newest first: from the sink when there is one, else from Redis. */
    AuditPage list(AuditQuery query) {
        if (sink.enabled()) {
            try {
                return sink.read(query);
            } catch (AuditSinkException e) {
                LOG.log(Level.WARNING, LogId.AUDIT_SINK_UNREADABLE.message("audit sink unreadable, answering from"
                        + " Redis"), LogText.safe(e));
            }
        }
        return streams.read(query);
    }

    /**
     * Drops entries older than {@code kickout.audit.retention} from every shard (an append trims
     * only its own); the sweeper calls it. Answers how many it dropped.
     */
    public long trim() {
        return streams.trim();
    }

    private void copy(AuditEntry entry) {
        try {
            sink.write(entry);
        } catch (RuntimeException e) { // SQL or JTA (commit) failure alike: Redis has the entry
            LOG.log(Level.WARNING, LogText.safe(e),
                    () -> LogId.AUDIT_SINK_MISSED.message("audit sink missed entry " + LogText.escape(entry.id())));
        }
    }

    private static String clip(String target) {
        return target.length() <= AuditQuery.MAX_TARGET ? target : target.substring(0, AuditQuery.MAX_TARGET);
    }
}
