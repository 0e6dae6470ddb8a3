package dev.kickout.internal.lock;

import dev.kickout.HeldLock;
import dev.kickout.KickoutException;
import dev.kickout.LockView;
import jakarta.enterprise.context.RequestScoped;
import java.util.Optional;

/** This request's {@link HeldLock}, set by {@link EditLockInterceptor} and {@link CommitRefusalInterceptor}. */
@RequestScoped
public class HeldLockState implements HeldLock {

    private LockView lock;
    private KickoutException refusedAtCommit;

    void set(LockView lock) {
        this.lock = lock;
        this.refusedAtCommit = null;
    }

    void refusedAtCommit(KickoutException refusal) {
        this.refusedAtCommit = refusal;
    }

    @Override
    public LockView lock() {
        return lock;
    }

    @Override
    public long fence() {
        if (lock == null) {
            throw new IllegalStateException("No @RequiresEditLock method is running in this request");
        }
        return lock.fence();
    }

    @Override
    public Optional<KickoutException> refusedAtCommit() {
        return Optional.ofNullable(refusedAtCommit);
    }
}
