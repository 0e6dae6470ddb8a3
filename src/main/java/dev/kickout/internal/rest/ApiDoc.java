package dev.kickout.internal.rest;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Names shared by the MicroProfile OpenAPI annotations on the module's resources: the problem media
 * type, the security schemes' names (declared on {@code AuthResource}: servers read
 * {@code @SecurityScheme} on resource classes) and the texts of the refusals every operation shares, which
 * {@code dev.kickout.OpenApiFilter} adds to each one (Payara Micro 6.2025.10 leaves out an
 * {@code @APIResponse} put on a resource class, so no annotation can say them once). An operation documents
 * its own refusals only, without their media type (the filter adds it).
 * Annotations only: a server without MicroProfile OpenAPI never loads them, and nothing here touches a
 * host's own document beyond adding the module's paths, schemas, tags and these schemes.
 */
public final class ApiDoc {

    /** {@link Problems#MEDIA_TYPE}, as an annotation constant. */
    public static final String PROBLEM = Problems.MEDIA_TYPE;

    /**
     * The problem schema's name, for {@code @Schema(ref = ...)}: Payara Micro 6.2025.10 renders a repeated
     * {@code @Schema(implementation = Problem.class)} as an empty object, so only {@code POST /auth/login}
     * names the class (which registers the schema on both servers) and every other answer refers to it.
     */
    public static final String PROBLEM_SCHEMA = "KickoutProblem";

    public static final String BEARER = "bearer";
    public static final String COOKIE = "sessionCookie";
    public static final String CSRF = "csrfHeader";
    public static final String TICKET = "eventTicket";

    public static final String BAD_REQUEST = "INVALID_REQUEST: a malformed body, parameter or header";
    public static final String UNAUTHORIZED = "TOKEN_MISSING, TOKEN_INVALID, TOKEN_EXPIRED, or the token was revoked: "
            + "KICKED, REPLACED, LOGGED_OUT (with by, reason, at); WWW-Authenticate: Bearer error=\"invalid_token\"";
    public static final String CSRF_REJECTED = "CSRF_REJECTED: cookie mode, and the X-CSRF-Token header is missing or wrong";
    public static final String ADMIN_ONLY = "FORBIDDEN: the caller lacks the admin role (kickout.admin.role); "
            + "or CSRF_REJECTED in cookie mode";
    public static final String UNAVAILABLE = "STORE_UNAVAILABLE: Redis cannot serve; Retry-After says when to try again";

    /**
     * Marks an operation that needs no session (signing in): the OpenAPI filter gives it no shared 401 and no
     * CSRF 403. Every other shared answer comes from {@code dev.kickout.OpenApiFilter}, not from annotations
     * on the method.
     */
    @Documented
    @Retention(RetentionPolicy.RUNTIME)
    @Target(ElementType.METHOD)
    public @interface Anonymous {
    }

    private ApiDoc() {
    }
}
