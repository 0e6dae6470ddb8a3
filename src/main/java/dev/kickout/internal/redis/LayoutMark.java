package dev.kickout.internal.redis;

import dev.kickout.internal.LogId;
import dev.kickout.internal.LogText;
import dev.kickout.internal.config.KickoutConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.redisson.api.RScript;

/**
 * The version of the layout stored under the key prefix ({@code P:layout}): written by the first instance
 * that reaches Redis, compared by every later one. A layout this version does not read fails the deployment;
 * when Redis is down at deployment, the sweeper checks it once Redis answers. A future layout change bumps
 * {@link #VERSION} and says in the changelog what it reads and rewrites.
 */
@ApplicationScoped
public class LayoutMark {

    /** The layout this version reads and writes. */
    public static final String VERSION = "1";

    private static final Logger LOG = Logger.getLogger(LayoutMark.class.getName());

    @Inject
    RedisStore redis;
    @Inject
    RedisKeys keys;
    @Inject
    KickoutConfig config;

    private volatile boolean checked;

    void onStartup(@Observes @Initialized(ApplicationScoped.class) Object ignored) {
        if (!config.enabled()) {
            return;
        }
        try {
            check();
        } catch (StoreUnavailableException e) {
            LOG.log(Level.INFO, LogText.safe(e), () -> LogId.REDIS_LAYOUT_UNCHECKED.message("Redis not reached at start:"
                    + " the stored layout's version is checked by the sweeper once it answers"));
        }
    }

    /**
     * Marks or compares the stored layout once per deployment.
     *
     * @throws IllegalStateException the key prefix holds another layout version
     * @throws StoreUnavailableException Redis cannot answer (checked again on the next call)
     */
    public void check() {
        if (checked) {
            return;
        }
        Object stored = redis.eval(Script.LAYOUT_MARK, RScript.ReturnType.VALUE, List.of(keys.layout()), VERSION);
        if (!VERSION.equals(stored)) {
            String mismatch = "Redis holds Kickout data of layout version " + stored + " under the key prefix '"
                    + config.keyPrefix() + "'; this version reads layout " + VERSION
                    + ". Deploy the version that wrote it, or give this one another kickout.key-prefix.";
            LOG.severe(() -> LogId.REDIS_LAYOUT_MISMATCH.message(mismatch));
            throw new IllegalStateException(LogId.REDIS_LAYOUT_MISMATCH.message(mismatch));
        }
        checked = true;
    }
}
