package dev.kickout.it.host;

import dev.kickout.Actor;
import dev.kickout.HeldLock;
import dev.kickout.Kickout;
import dev.kickout.LockView;
import dev.kickout.RequiresEditLock;
import jakarta.annotation.Priority;
import jakarta.inject.Inject;
import jakarta.interceptor.AroundInvoke;
import jakarta.interceptor.Interceptor;
import jakarta.interceptor.InvocationContext;
import jakarta.servlet.http.HttpServletRequest;
import java.io.IOException;

/**
 * Test-side, added to the example's WAR by {@link HostRefusalIT}: what a request's {@value #HEADER} header asks for
 * happens inside the example's guarded save, after the lock's check and before the save's own code. Its priority
 * puts it inside Kickout's interceptor, so inside the save's transaction. The example cannot cause these itself.
 */
@RequiresEditLock
@Interceptor
@Priority(Interceptor.Priority.APPLICATION)
public class SaveFaults {

    public static final String HEADER = "X-Test-Fault";
    /** The save's lock is released, as an administrator's force release accepted while the save runs. */
    public static final String FORCE_RELEASE = "force-release";
    /** A checked exception, as one from code the save calls. */
    public static final String CHECKED = "checked";

    @Inject
    HttpServletRequest request;
    @Inject
    HeldLock heldLock;
    @Inject
    Kickout kickout;

    @AroundInvoke
    public Object inject(InvocationContext save) throws Exception {
        String fault = request.getHeader(HEADER);
        if (FORCE_RELEASE.equals(fault)) {
            LockView lock = heldLock.lock();
            kickout.releaseLock(lock.type(), lock.id(), "released while the save runs", Actor.SYSTEM);
        } else if (CHECKED.equals(fault)) {
            throw new IOException("a checked failure inside the save");
        }
        return save.proceed();
    }
}
