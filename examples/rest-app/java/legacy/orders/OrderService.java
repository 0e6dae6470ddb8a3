package legacy.orders;

import dev.kickout.Actor;
import dev.kickout.Kickout;
import dev.kickout.RequiresEditLock;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Synchronization;
import jakarta.transaction.TransactionSynchronizationRegistry;
import jakarta.transaction.Transactional;

/** The host's save, guarded by the edit lock; what it is asked to save decides how it ends. */
@ApplicationScoped
public class OrderService {

    /** Throws the host's own exception inside the save. */
    public static final String HOST_BUG = "host bug";
    /** The host's own reason to roll back, at commit. */
    public static final String HOST_ROLLBACK = "host rollback";
    /** The lock is force-released while the save runs: the lock's re-check at commit refuses it. */
    public static final String HANDOVER = "handover";

    @Inject
    Kickout kickout;
    @Resource
    TransactionSynchronizationRegistry transactions;

    @RequiresEditLock(type = "order", idParam = "orderId")
    @Transactional
    public String save(String orderId, String text) {
        switch (text) {
            case HOST_BUG -> throw new IllegalStateException("the host's own failure");
            case HOST_ROLLBACK -> transactions.registerInterposedSynchronization(new Synchronization() {
                @Override
                public void beforeCompletion() {
                    transactions.setRollbackOnly();
                }

                @Override
                public void afterCompletion(int status) {
                }
            });
            // stands in for an admin's force release accepted while the save runs
            case HANDOVER -> kickout.releaseLock("order", orderId, "handover", Actor.SYSTEM);
            default -> {
            }
        }
        return text;
    }

    /** Whether anybody holds the order's lock (asks Redis). */
    public boolean locked(String orderId) {
        return kickout.lockOn("order", orderId).isPresent();
    }
}
