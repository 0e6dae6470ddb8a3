package dev.kickout.lock;

import dev.kickout.LogText;
import dev.kickout.session.CurrentSession;
import dev.kickout.session.Session;
import jakarta.annotation.Priority;
import jakarta.annotation.Resource;
import jakarta.inject.Inject;
import jakarta.interceptor.AroundInvoke;
import jakarta.interceptor.Interceptor;
import jakarta.interceptor.InvocationContext;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.transaction.Status;
import jakarta.transaction.Synchronization;
import jakarta.transaction.TransactionSynchronizationRegistry;
import java.lang.reflect.Method;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Runs {@link RequiresEditLock} methods only for the holder of the record's lock. Its priority
 * puts it inside {@code @Transactional}, so {@code releaseAfterCommit} can join the transaction.
 */
@RequiresEditLock
@Interceptor
@Priority(Interceptor.Priority.LIBRARY_BEFORE + 100)
public class EditLockInterceptor {

    private static final Logger LOG = Logger.getLogger(EditLockInterceptor.class.getName());
    private static final Map<Method, Integer> ID_POSITIONS = new ConcurrentHashMap<>();

    @Inject
    EditLocks locks;
    @Inject
    CurrentSession current;
    @Inject
    HeldLock heldLock;
    @Inject
    HttpServletRequest request;
    @Resource
    TransactionSynchronizationRegistry transactions;

    @AroundInvoke
    public Object guard(InvocationContext invocation) throws Exception {
        Method method = invocation.getMethod();
        RequiresEditLock spec = method.getAnnotation(RequiresEditLock.class);
        if (spec == null) {
            throw new IllegalStateException("@RequiresEditLock belongs on the save method itself, not on "
                    + method.getDeclaringClass().getName());
        }
        int position = ID_POSITIONS.computeIfAbsent(method, m -> IdParameter.of(m, spec));
        ResourceRef resource = new ResourceRef(spec.type(), String.valueOf(invocation.getParameters()[position]));
        String token = request.getHeader(LockResource.LOCK_TOKEN);
        Session session = current.require();
        heldLock.set(locks.check(resource, token, session));
        Object result = invocation.proceed();
        if (spec.releaseAfterCommit()) {
            releaseAfterCommit(resource, token, session);
        }
        return result;
    }

    private void releaseAfterCommit(ResourceRef resource, String token, Session session) {
        if (transactions.getTransactionKey() == null) {
            locks.release(resource, token, session);
            return;
        }
        transactions.registerInterposedSynchronization(new Synchronization() {
            @Override
            public void beforeCompletion() {
                // nothing to do before the outcome is known
            }

            @Override
            public void afterCompletion(int status) {
                if (status != Status.STATUS_COMMITTED) {
                    return;
                }
                try {
                    locks.release(resource, token, session);
                } catch (RuntimeException e) {
                    LOG.log(Level.WARNING, LogText.safe(e),
                            () -> "Saved " + LogText.escape(resource) + " but could not release its lock");
                }
            }
        });
    }
}
