package dev.kickout;

import dev.kickout.internal.admin.AdminOnly;
import dev.kickout.internal.admin.AdminSessionsResource;
import dev.kickout.internal.ban.AdminBansResource;
import dev.kickout.internal.audit.AuditResource;
import dev.kickout.internal.lock.AdminLocksResource;
import dev.kickout.internal.lock.AdminQueuesResource;
import dev.kickout.internal.lock.HandoverResource;
import dev.kickout.internal.lock.LockPresenceResource;
import dev.kickout.internal.lock.LockQueueResource;
import dev.kickout.internal.lock.LockResource;
import dev.kickout.internal.push.EventsResource;
import dev.kickout.internal.push.StreamsResource;
import dev.kickout.internal.rest.KickoutExceptionMapper;
import dev.kickout.internal.rest.MediaHeaderCheck;
import dev.kickout.internal.rest.ModuleAdmission;
import dev.kickout.internal.rest.ModuleGate;
import dev.kickout.internal.rest.ModuleJson;
import dev.kickout.internal.rest.RollbackExceptionMapper;
import dev.kickout.internal.rest.TransactionalExceptionMapper;
import dev.kickout.internal.rest.UnexpectedExceptionMapper;
import dev.kickout.internal.rest.UnreadableBodyMapper;
import dev.kickout.internal.rest.WebApplicationExceptionMapper;
import dev.kickout.internal.session.AuthResource;
import java.util.HashSet;
import java.util.Set;

/**
 * The module's REST classes, for a host that serves the module from its OWN Application instead of
 * {@link KickoutApplication}; with {@code kickout.rest.own-application=false} the module's own root then
 * answers nothing, so the endpoints appear once, and {@code kickout.filter.include}/{@code .exclude} name
 * the host's paths:
 * <pre>{@code
 * @ApplicationPath("api")
 * public class LegacyApplication extends Application {
 *     public Set<Class<?>> getClasses() {
 *         Set<Class<?>> classes = new HashSet<>(KickoutResources.classes());
 *         classes.add(OrderResource.class);
 *         return classes;
 *     }
 * }
 * }</pre>
 * The endpoints, their JSON and their domain refusals (problem+json) come along; routing errors
 * (unknown path, 405, 406, 415) and unexpected exceptions stay the host's to answer. The one place
 * that names the features' resources: a JAX-RS Application must list its classes.
 *
 * @since 1.0
 */
public final class KickoutResources {

    private static final Set<Class<?>> RESOURCES = Set.of(AuthResource.class, EventsResource.class, LockResource.class,
            LockQueueResource.class, LockPresenceResource.class, HandoverResource.class, AdminQueuesResource.class,
            AdminLocksResource.class, AdminSessionsResource.class, AdminBansResource.class, AuditResource.class, StreamsResource.class);

    /** Scoped to the module: its types, its exceptions, its name-bound filter, its endpoints. */
    private static final Set<Class<?>> PROVIDERS = Set.of(ModuleGate.class, KickoutExceptionMapper.class, AdminOnly.class);

    private static final Set<Class<?>> ERROR_PROVIDERS = Set.of(WebApplicationExceptionMapper.class,
            UnexpectedExceptionMapper.class, UnreadableBodyMapper.class, RollbackExceptionMapper.class,
            TransactionalExceptionMapper.class, MediaHeaderCheck.class);

    private KickoutResources() {
    }

    /** The module's endpoints and the providers scoped to them: what a host's Application adds. */
    public static Set<Class<?>> classes() {
        Set<Class<?>> classes = new HashSet<>(RESOURCES);
        classes.addAll(PROVIDERS);
        classes.add(ModuleJson.ModuleTypes.class);
        classes.add(ModuleAdmission.Host.class);
        return Set.copyOf(classes);
    }

    /**
     * What a host's Application that lists its classes adds so that the module's refusals raised inside the
     * host's own resources (a guarded save: 409 {@code LOCK_LOST}, 423 {@code LOCK_HELD}, a 401 of the
     * session it needs, 503 {@code STORE_UNAVAILABLE}) answer as problem+json: the mapper of the module's
     * own exceptions, and nothing that maps another type. A scanning Application finds it by itself.
     * <pre>{@code
     * classes.addAll(KickoutResources.hostProviders());
     * }</pre>
     */
    public static Set<Class<?>> hostProviders() {
        return Set.of(KickoutExceptionMapper.class);
    }

    /** The module's endpoint classes. */
    public static Set<Class<?>> resources() {
        return RESOURCES;
    }

    /**
     * The providers of an Application wholly the module's (or the reference app's): JSON-B for all its maps
     * and lists too, and no {@link ModuleAdmission} (that comes with the endpoints).
     */
    public static Set<Class<?>> providers() {
        Set<Class<?>> providers = new HashSet<>(PROVIDERS);
        providers.add(ModuleJson.AllTypes.class);
        return Set.copyOf(providers);
    }

    /**
     * Problem+json for everything else that can go wrong in an Application: routing errors (404, 405,
     * 406, 415), unreadable bodies, rolled-back commits, unexpected exceptions, a malformed {@code Accept}.
     * These mappers catch broad types, so only an Application wholly the module's (or the reference
     * app's) should have them: in a host's Application they would replace the host's own error answers.
     */
    public static Set<Class<?>> errorProviders() {
        return ERROR_PROVIDERS;
    }
}
