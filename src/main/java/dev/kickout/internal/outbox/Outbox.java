package dev.kickout.internal.outbox;

import dev.kickout.internal.LogId;
import dev.kickout.internal.LogText;
import dev.kickout.internal.config.KickoutConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.spi.BeanManager;
import jakarta.inject.Inject;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.List;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Makes a decision's follow-ups survive the deciding instance. A feature passes {@link #args} (and
 * the outbox shard keys of its slot, {@code RedisKeys.userOutbox}/{@code lockOutbox}) to its
 * deciding script, which writes the entry atomically with the decision; then it calls
 * {@link #afterDecision}, which runs the follow-ups and leaves the acknowledgement to {@code OutboxAcks}:
 * <pre>{@code
 * String id = outbox.newId();
 * List<Object> reply = redis.run(Script.REVOKE, keysWithShard, ..., outbox.args(id, json.write(actor)));
 * outbox.afterDecision(shard, id, followUps -> { followUps.run("index", ...); followUps.notifyEach(event); });
 * }</pre>
 * A follow-up that fails here is logged, never thrown: the decision stands and the caller answers
 * with it, and the entry, not acknowledged, is delivered by a drainer after {@code kickout.outbox.grace}.
 */
@ApplicationScoped
public class Outbox {

    private static final Logger LOG = Logger.getLogger(Outbox.class.getName());
    private static final SecureRandom RANDOM = new SecureRandom();

    @Inject
    KickoutConfig config;
    @Inject
    DecisionFault fault;
    @Inject
    BeanManager beans;
    @Inject
    OutboxAcks acks;

    /** A fresh entry id (random, key-safe). */
    public String newId() {
        byte[] bytes = new byte[12];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /** The last four ARGV of a deciding script: entry id, context JSON, grace (ms), max age (ms). */
    public List<Object> args(String id, String context) {
        return List.of(id, context, config.outbox().grace().toMillis(), config.outbox().maxAge().toMillis());
    }

    /**
     * Runs the follow-ups of entry {@code id} of {@code shard} right after its script, and
     * acknowledges it if all succeeded. With a {@link DecisionFault} on (tests only) this
     * instance stops here instead, as if it died right after the script.
     */
    public void afterDecision(List<Object> shard, String id, Consumer<FollowUps> followUps) {
        try {
            if (fault.on()) {
                throw new IllegalStateException("this instance plays one that died after its decision (tests only)");
            }
            deliver(shard, id, followUps);
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, LogText.safe(e), () -> LogId.OUTBOX_LEFT_TO_DRAINER.message("outbox follow-ups of"
                    + " entry " + id + " not done by the deciding instance; a drainer delivers them after"
                    + " kickout.outbox.grace"));
        }
    }

    /**
     * Runs {@code followUps} and, if all succeeded, acknowledges the entry: within milliseconds, together
     * with the other acknowledgements due by then ({@code OutboxAcks}). Answers whether they all succeeded.
     */
    boolean deliver(List<Object> shard, String id, Consumer<FollowUps> followUps) {
        FollowUps run = new FollowUps(id, beans);
        followUps.accept(run);
        if (run.allDone()) {
            acks.add(shard, id);
        }
        return run.allDone();
    }
}
