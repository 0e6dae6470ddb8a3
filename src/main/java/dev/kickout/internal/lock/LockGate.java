package dev.kickout.internal.lock;

import dev.kickout.ResourceRef;
import dev.kickout.internal.LogId;
import dev.kickout.internal.config.KickoutConfig;
import dev.kickout.internal.session.Session;
import dev.kickout.spi.Caller;
import dev.kickout.spi.LockPolicy;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import java.util.Set;
import java.util.TreeSet;
import java.util.logging.Logger;

/**
 * What a lock request passes before anything is read from or written to Redis: the type is declared,
 * and every host {@link LockPolicy} lets the caller lock the record. Every path that grants or
 * keeps a lock goes through here.
 */
@ApplicationScoped
class LockGate {

    private static final Logger LOG = Logger.getLogger(LockGate.class.getName());

    @Inject
    KickoutConfig config;
    @Inject
    EditLockDeclarations declarations;
    @Inject
    @Any
    Instance<LockPolicy> policies;

    private Set<String> declared;

    @PostConstruct
    void declare() {
        Set<String> types = new TreeSet<>(config.lock().types());
        if (!types.isEmpty()) {
            types.addAll(declarations.types());
        }
        declared = Set.copyOf(types);
    }

    void onStartup(@Observes @Initialized(ApplicationScoped.class) Object ignored) {
        if (declared.isEmpty()) {
            LOG.warning(() -> LogId.LOCK_TYPES_OPEN.message("kickout.lock.types is empty: any signed-in session may lock"
                    + " any type; declare the types your screens lock (types of @RequiresEditLock so far: "
                    + declarations.types() + ")"));
        } else {
            LOG.info(() -> LogId.LOCK_TYPES_DECLARED.message("Lock types: " + declared));
        }
    }

    /** The type alone, for a request that locks nothing (reading a lock). */
    void requireDeclared(ResourceRef resource) {
        if (!declared.isEmpty() && !declared.contains(resource.type())) {
            throw new LockTypeUnknownException(resource.type());
        }
    }

    /**
     * Before an acquire or a heartbeat.
     *
     * @throws LockTypeUnknownException the type is not declared
     * @throws LockForbiddenException   a host policy refuses the caller
     */
    void admit(ResourceRef resource, Session caller) {
        ask(resource, caller, LockPolicy::mayLock);
    }

    /**
     * Before a page reports its presence, reads the lock or its place in the queue.
     *
     * @throws LockTypeUnknownException the type is not declared
     * @throws LockForbiddenException   a host policy does not let the caller see the record's room
     */
    void admitViewer(ResourceRef resource, Session caller) {
        ask(resource, caller, LockPolicy::mayView);
    }

    /** One of {@link LockPolicy}'s questions. */
    private interface Question {
        boolean allows(LockPolicy policy, Caller caller, ResourceRef resource);
    }

    private void ask(ResourceRef resource, Session session, Question question) {
        requireDeclared(resource);
        Caller caller = asCaller(session);
        for (LockPolicy policy : policies) {
            if (!question.allows(policy, caller, resource)) {
                throw new LockForbiddenException(resource);
            }
        }
    }

    private static Caller asCaller(Session session) {
        return new Caller(session.sessionId(), session.userId(), session.username(), session.roles(),
                session.deviceType(), session.clientId());
    }
}
