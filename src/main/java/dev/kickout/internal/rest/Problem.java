package dev.kickout.internal.rest;

import dev.kickout.ProblemCode;
import java.net.URI;
import java.time.Instant;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The problem body (RFC 9457) as the OpenAPI document describes it; {@link Problems} writes it. The
 * members after {@code detail} come with some codes only.
 */
@Schema(name = ApiDoc.PROBLEM_SCHEMA, description = "application/problem+json body of every refusal of the module")
public record Problem(
        @Schema(required = true, description = "https://kickout.dev/problems/<code in kebab case>") URI type,
        @Schema(required = true, description = "The HTTP reason phrase") String title,
        @Schema(required = true) int status,
        @Schema(required = true, description = "The stable machine key; never translated") ProblemCode code,
        @Schema(required = true, description = "Human text; may change and be translated") String detail,
        @Schema(nullable = true, description = "KICKED, REPLACED, LOGGED_OUT: the actor's user id; LOCK_LOST "
                + "FORCE_RELEASED: the admin") String by,
        @Schema(description = "KICKED, REPLACED, LOGGED_OUT: the actor's reason; LOCK_LOST: EXPIRED, FORCE_RELEASED, "
                + "RELEASED or TAKEN") String reason,
        @Schema(description = "KICKED, REPLACED, LOGGED_OUT: when the session ended") Instant at,
        @Schema(description = "LOCK_HELD: who holds the lock") Holder holder,
        @Schema(description = "SESSION_LIMIT: the session cap that refused the login") Integer maxSessions,
        @Schema(description = "SESSION_LIMIT: the cap on distinct device types") Integer maxDeviceTypes,
        @Schema(description = "SESSION_LIMIT: the device type beyond the cap") String deviceType,
        @Schema(description = "LOCK_LIMIT: the cap that refused the lock, SESSION or USER") String scope,
        @Schema(description = "LOCK_LIMIT: how many locks that cap allows") Integer limit) {

    /** {@code holder} of a {@code LOCK_HELD} problem. */
    @Schema(name = "KickoutLockHolderSummary")
    public record Holder(String userId, String username, Instant since, Instant expiresAt) {
    }
}
