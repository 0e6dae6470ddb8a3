package dev.kickout.internal.lock;

import dev.kickout.HeldLock;
import dev.kickout.KickoutException;
import dev.kickout.LockToken;
import dev.kickout.LockView;
import dev.kickout.RequiresEditLock;
import dev.kickout.ResourceRef;
import dev.kickout.internal.LogId;
import dev.kickout.internal.LogText;
import dev.kickout.internal.config.KickoutConfig;
import dev.kickout.internal.rest.HttpRequests;
import dev.kickout.internal.session.CallerSession;
import jakarta.annotation.Priority;
import jakarta.annotation.Resource;
import jakarta.inject.Inject;
import jakarta.interceptor.AroundInvoke;
import jakarta.interceptor.Interceptor;
import jakarta.interceptor.InvocationContext;
import jakarta.transaction.Status;
import jakarta.transaction.Synchronization;
import jakarta.transaction.TransactionSynchronizationRegistry;
import java.lang.reflect.Method;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Runs {@link RequiresEditLock} methods only for the holder of the record's lock, and commits
 * their transaction only if the lock is still held at commit. Its priority puts it inside
 * {@code @Transactional} (and an EJB's container transaction), so it can join the transaction.
 */
@RequiresEditLock
@Interceptor
@Priority(Interceptor.Priority.LIBRARY_BEFORE + 100)
public class EditLockInterceptor {

    private static final Logger LOG = Logger.getLogger(EditLockInterceptor.class.getName());
    private static final Map<Method, Integer> ID_POSITIONS = new ConcurrentHashMap<>();

    @Inject
    KickoutConfig config;
    @Inject
    EditLocks locks;
    @Inject
    CallerSession current;
    @Inject
    HeldLockState heldLock;
    @Inject
    LockTokens tokens;
    @Inject
    HttpRequests requests;
    @Resource
    TransactionSynchronizationRegistry transactions;

    @AroundInvoke
    public Object guard(InvocationContext invocation) throws Exception {
        if (!config.enabled()) {
            // kickout.enabled=false is the switch a host flips to run without Kickout (Redis gone, a rollback
            // of the rollout): its saves must then work as they did before the module, not fail
            return invocation.proceed();
        }
        Method method = invocation.getMethod();
        RequiresEditLock spec = method.getAnnotation(RequiresEditLock.class);
        if (spec == null) {
            throw new IllegalStateException("@RequiresEditLock belongs on the save method itself, not on "
                    + method.getDeclaringClass().getName());
        }
        if (transactions.getTransactionKey() == null) {
            // Without a transaction nothing the method writes can be undone, so a force release
            // accepted while it runs could not win: refuse to run rather than promise what cannot hold.
            throw new IllegalStateException("@RequiresEditLock on " + method.getDeclaringClass().getName() + "."
                    + method.getName() + " needs a JTA transaction: add @Transactional (or call it from one)");
        }
        int position = ID_POSITIONS.computeIfAbsent(method, m -> IdParameter.of(m, spec));
        ResourceRef resource = new ResourceRef(spec.type(), String.valueOf(invocation.getParameters()[position]));
        String token = tokens.find(invocation);
        LockView lock = locks.checkForSave(resource, token, callingSessionId());
        heldLock.set(lock);
        String holderSession = lock.holder().sessionId();
        transactions.registerInterposedSynchronization(new CommitCheck(resource, token, holderSession, spec.releaseAfterCommit()));
        return invocation.proceed();
    }

    /**
     * The calling session's id; {@code null} when the call serves no HTTP request (the token alone
     * must then hold the lock, see {@link LockToken}). An HTTP request without a session is 401.
     */
    private String callingSessionId() {
        return requests.current().isPresent() ? current.require().sessionId() : null;
    }

    /**
     * Asks Redis again just before the transaction commits: a force release (or expiry, or a
     * renewal elsewhere) accepted while the method ran marks the transaction rollback-only, so the
     * save is refused with LOCK_LOST. After the commit, optionally releases the lock.
     */
    private final class CommitCheck implements Synchronization {

        private final ResourceRef resource;
        private final String token;
        private final String holderSession;
        private final boolean releaseAfterCommit;

        CommitCheck(ResourceRef resource, String token, String holderSession, boolean releaseAfterCommit) {
            this.resource = resource;
            this.token = token;
            this.holderSession = holderSession;
            this.releaseAfterCommit = releaseAfterCommit;
        }

        @Override
        public void beforeCompletion() {
            if (transactions.getRollbackOnly()) {
                return;
            }
            try {
                locks.verify(resource, token, holderSession);
            } catch (KickoutException refusal) {
                // also STORE_UNAVAILABLE: a save whose lock cannot be confirmed does not commit
                heldLock.refusedAtCommit(refusal);
                transactions.setRollbackOnly();
            }
        }

        @Override
        public void afterCompletion(int status) {
            if (status != Status.STATUS_COMMITTED || !releaseAfterCommit) {
                return;
            }
            try {
                locks.release(resource, token, holderSession);
            } catch (RuntimeException e) {
                LOG.log(Level.WARNING, LogText.safe(e),
                        () -> LogId.LOCK_NOT_RELEASED_AFTER_SAVE.message("Saved " + LogText.escape(resource)
                                + " but could not release its lock"));
            }
        }
    }
}
