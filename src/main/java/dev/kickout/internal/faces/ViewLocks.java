package dev.kickout.internal.faces;

import dev.kickout.LockHeldException;
import dev.kickout.LockLostException;
import dev.kickout.LockView;
import dev.kickout.ResourceRef;
import dev.kickout.internal.config.KickoutConfig;
import dev.kickout.internal.lock.EditLocks;
import dev.kickout.internal.lock.LockForbiddenException;
import dev.kickout.internal.lock.LockLimitException;
import dev.kickout.internal.redis.StoreUnavailableException;
import dev.kickout.internal.rest.ApiRoot;
import dev.kickout.internal.session.CallerSession;
import dev.kickout.internal.session.Session;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import jakarta.servlet.http.HttpServletRequest;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The edit lock of a server-rendered edit view, as {@code #{kickoutEditLock}} (what the
 * {@code <kickout:editLock>} component reads; JSP or any EL page may use it too).
 * <p>
 * Opening the view (a GET) takes the lock for the signed-in session, server side, so the lock
 * token is in the page as it is rendered and a holder's name shows without a round trip. A
 * postback never takes it: it carries the token back in the request parameter
 * {@code kickout.lock.token-parameter}, which is checked; a token that lost the lock renders the
 * view read-only with the reason, so a draft is never saved under a lock taken behind the user's back.
 * One answer per record and request.
 */
@Named("kickoutEditLock")
@RequestScoped
public class ViewLocks {

    @Inject
    EditLocks locks;
    @Inject
    CallerSession current;
    @Inject
    KickoutConfig config;
    @Inject
    HttpServletRequest request;

    private final Map<ResourceRef, ViewLock> answers = new HashMap<>();

    /** The lock of record {@code id} of {@code type} for this view, taken when the view opens. */
    public ViewLock of(String type, Object id) {
        ResourceRef resource = new ResourceRef(type, String.valueOf(id));
        return answers.computeIfAbsent(resource, this::decide);
    }

    /**
     * The module's REST root in this deployment (e.g. {@code /shop/kickout/api/}), which the component
     * hands to its script: the client then needs no configuration, whatever the context path and mapping.
     */
    public String getApiRoot() {
        return ApiRoot.of(request.getServletContext());
    }

    /** The request parameter that carries the lock token (where {@code @RequiresEditLock} finds it). */
    public String getTokenParameter() {
        return config.lock().tokenParameter();
    }

    /** The view's lock; while Redis cannot answer, a read-only view that says so, never a failed page. */
    private ViewLock decide(ResourceRef resource) {
        Optional<Session> session = current.get();
        if (session.isEmpty()) {
            return ViewLock.of(current.unchecked() ? ViewLock.State.UNAVAILABLE : ViewLock.State.SIGNED_OUT, 0);
        }
        try {
            return decide(resource, session.get());
        } catch (StoreUnavailableException e) {
            return ViewLock.of(ViewLock.State.UNAVAILABLE, heartbeatSeconds(resource));
        }
    }

    private ViewLock decide(ResourceRef resource, Session session) {
        if ("POST".equals(request.getMethod())) {
            return recheck(resource, session, request.getParameter(config.lock().tokenParameter()));
        }
        try {
            LockView lock = locks.acquire(resource, session).lock();
            return ViewLock.held(lock.lockToken(), lock.acquiredAt(), lock.fence(), lock.heartbeatSeconds());
        } catch (LockHeldException held) {
            return heldBy(resource, held);
        } catch (LockForbiddenException | LockLimitException refused) {
            // the host's policy or the caps keep this caller from editing: the view is read-only
            return ViewLock.of(ViewLock.State.NOT_HELD, heartbeatSeconds(resource));
        }
    }

    private ViewLock recheck(ResourceRef resource, Session session, String token) {
        if (token == null || token.isEmpty()) {
            return locks.get(resource).map(lock -> heldBy(resource, lock))
                    .orElseGet(() -> ViewLock.of(ViewLock.State.NOT_HELD, heartbeatSeconds(resource)));
        }
        try {
            LockView lock = locks.check(resource, token, session);
            return ViewLock.held(token, lock.acquiredAt(), lock.fence(), heartbeatSeconds(resource));
        } catch (LockLostException lost) {
            return ViewLock.lost(lost.reason(), (String) lost.extras().get("by"), heartbeatSeconds(resource));
        } catch (LockHeldException held) {
            return heldBy(resource, held);
        }
    }

    /** A refusal: someone holds the lock, or it is kept for the first in its queue ({@code reservedUntil}). */
    private ViewLock heldBy(ResourceRef resource, LockHeldException held) {
        Object until = held.extras().get("reservedUntil");
        return until == null ? heldBy(resource, held.lock())
                : ViewLock.reservedFor(held.lock().holder().username(), until.toString(), heartbeatSeconds(resource));
    }

    private ViewLock heldBy(ResourceRef resource, LockView lock) {
        return ViewLock.heldBy(lock.holder().username(), lock.acquiredAt(), heartbeatSeconds(resource));
    }

    /** The type's heartbeat period, which is also how often a page renews its presence in the record's room. */
    private int heartbeatSeconds(ResourceRef resource) {
        return Math.max(1, locks.heartbeatSeconds(resource));
    }
}
