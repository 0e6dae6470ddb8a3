package dev.kickout.lock;

import jakarta.enterprise.context.RequestScoped;

/**
 * The lock a {@link RequiresEditLock} method runs under, for that method to read:
 * <pre>{@code
 * @Inject HeldLock heldLock;
 * if (heldLock.fence() < record.getLastFence()) { ... a newer holder already saved ... }
 * }</pre>
 */
@RequestScoped
public class HeldLock {

    private LockView lock;

    void set(LockView lock) {
        this.lock = lock;
    }

    /** The lock checked for this request, or {@code null} outside a guarded method. */
    public LockView lock() {
        return lock;
    }

    /** The holding's fence: larger for every newer holder of the resource. */
    public long fence() {
        if (lock == null) {
            throw new IllegalStateException("No @RequiresEditLock method is running in this request");
        }
        return lock.fence();
    }
}
