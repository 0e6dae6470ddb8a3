package dev.kickout.internal.session;

import dev.kickout.Actor;
import dev.kickout.InvalidRequestException;
import dev.kickout.KickoutException;
import dev.kickout.event.SessionRevoked;
import dev.kickout.internal.Checks;
import dev.kickout.internal.config.KickoutConfig;
import dev.kickout.internal.i18n.Text;
import dev.kickout.internal.metrics.Metrics;
import dev.kickout.internal.outbox.Outbox;
import dev.kickout.internal.redis.RedisKeys;
import dev.kickout.internal.redis.RedisStore;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.security.enterprise.credential.UsernamePasswordCredential;
import jakarta.security.enterprise.identitystore.CredentialValidationResult;
import jakarta.security.enterprise.identitystore.IdentityStoreHandler;
import java.util.List;
import java.util.Optional;

/**
 * The session center: opens sessions under the login policy, authenticates tokens, revokes.
 *
 * <p>Host apps that check credentials themselves open sessions with {@link #open}:
 * <pre>{@code
 * @Inject SessionService sessions;
 * @Inject ClientAddress clients; // the client behind a trusted proxy (kickout.trusted-proxies)
 * LoginResult result = sessions.open(new Identity(user.id(), user.name(), Set.of("user")),
 *         new ClientInfo("web", clientId, clients.of(request), request.getHeader("User-Agent")));
 * return result.token();
 * }</pre>
 * Under every policy a user has at most {@code kickout.login.max-sessions-per-user} live sessions
 * carrying at most {@code kickout.login.max-device-types} distinct device types; a login beyond
 * is refused with 409 SESSION_LIMIT (or, for the cap with EVICT_OLDEST, ends the oldest session).
 * Reads {@code kickout.session.ttl}, {@code kickout.session.max-lifetime} and {@code kickout.login.*}.
 *
 * <p>A revocation (kick, logout, replacement) stands once its script ran; its follow-ups (listing
 * indexes, {@link SessionRevoked} to every observer) are delivered at least once through the outbox
 * ({@code kickout.outbox.*}), so a failing follow-up never turns the answer into an error.
 */
@ApplicationScoped
public class SessionService {

    /** Shown with 401 REPLACED when a login policy ends a session. */
    public static final String REPLACED_REASON = "Signed in on another device";

    @Inject
    SessionStore store;
    @Inject
    SessionIndexes indexes;
    @Inject
    LoginThrottle throttle;
    @Inject
    KickoutConfig config;
    @Inject
    NearCacheFill fill;
    @Inject
    Event<SessionRevoked> revoked;
    @Inject
    Instance<IdentityStoreHandler> identityStores;
    @Inject
    RevocationFollowUps followUps;
    @Inject
    Outbox outbox;
    @Inject
    Metrics metrics;
    @Inject
    NearCacheLink nearCache;
    @Inject
    UserIds userIds;

    /**
     * Checks the credentials with the app's Jakarta Security identity stores, then {@link #open}s.
     * Each attempt takes its place in the login throttle before the identity stores are asked, and
     * is refused if the username (from this address) or the address has too many recent failures
     * ({@code kickout.login.throttle.*}). No device cookie is involved: see the REST login.
     *
     * @throws dev.kickout.internal.TooManyAttemptsException 429 while the username or the address is throttled
     */
    public LoginResult login(String username, String password, ClientInfo client) {
        return signIn(username, password, client, null, false).result();
    }

    /** A login and the device cookie to give the client (null unless {@code rememberDevice}). */
    record SignedIn(LoginResult result, String deviceCookie) {
    }

    /**
     * {@link #login}, from a client that may carry a device cookie ({@link DeviceCookies}): a known
     * device of the username has its own throttle budget; with {@code rememberDevice} a success
     * returns the device cookie to set.
     */
    SignedIn signIn(String username, String password, ClientInfo client, String deviceCookie, boolean rememberDevice) {
        try {
            SignedIn result = checkAndOpen(username, password, client, deviceCookie, rememberDevice);
            metrics.login("ok");
            return result;
        } catch (KickoutException e) {
            metrics.login(e.code());
            throw e;
        }
    }

    private SignedIn checkAndOpen(String username, String password, ClientInfo client, String deviceCookie,
            boolean rememberDevice) {
        Checks.text("username", username, 128);
        Checks.text("password", password, 256);
        if (username.chars().anyMatch(Character::isISOControl)) {
            // it may reach the audit trail and the server log (a throttle trip names it)
            throw new InvalidRequestException(Text.of("login.username-control"));
        }
        LoginThrottle.Attempt attempt = throttle.reserve(username, client.ip(), deviceCookie);
        CredentialValidationResult result = identityStores.isUnsatisfied() ? CredentialValidationResult.INVALID_RESULT
                : identityStores.get().validate(new UsernamePasswordCredential(username, password));
        if (result.getStatus() != CredentialValidationResult.Status.VALID) {
            throttle.failed(attempt);
            throw new BadCredentialsException();
        }
        LoginThrottle.Success success = throttle.succeeded(attempt, rememberDevice);
        String name = result.getCallerPrincipal().getName();
        String userId = userIds.signedIn(result.getCallerUniqueId() != null ? result.getCallerUniqueId() : name,
                result.getCallerGroups());
        return new SignedIn(open(new Identity(userId, name, result.getCallerGroups()), client, success.calls(), false),
                success.deviceCookie());
    }

    /**
     * Opens a session for a user the caller has already authenticated, keyed by {@code identity.userId()} as
     * given (the caller maps it first: {@link UserIds#signedIn}). Its times (login, expiry,
     * cap) are Redis's, set by the login script, like every time the module decides by.
     */
    public LoginResult open(Identity identity, ClientInfo client) {
        return open(identity, client, List.of(), false);
    }

    /**
     * {@link #open(Identity, ClientInfo)} for a session that follows a container {@code HttpSession}: its
     * token counts only when that {@code HttpSession} carries it ({@link RequestCredentials}).
     */
    LoginResult openForHttpSession(Identity identity, ClientInfo client) {
        return open(identity, client, List.of(), true);
    }

    /**
     * {@link #open(Identity, ClientInfo)}, with writes of the sign-in ({@code alongside}) that go to Redis
     * whatever the login's outcome. Off a Cluster they go in the login's round trip, and the login script
     * lists the user itself; on a Cluster they go with the listing entry, in a round trip after the login
     * (in the login's, they would wait for the replicas of other masters). A {@code bound} session's token
     * counts only when its container {@code HttpSession} carries it.
     */
    private LoginResult open(Identity identity, ClientInfo client, List<RedisStore.Call> alongside, boolean bound) {
        Checks.text("userId", identity.userId(), 128);
        Checks.text("username", identity.username(), 128);
        String userTag = RedisKeys.userTag(identity.userId());
        String token = bound ? Tokens.newBoundToken(userTag) : Tokens.newToken(userTag);
        String sessionId = Tokens.newSessionId(userTag);
        SessionRecord record = new SessionRecord(identity.userId(), identity.username(), client.deviceType(),
                client.clientId(), 0, 0, 0, 0, client.ip(), client.userAgent(), store.rolesJson(identity.roles()));
        Actor actor = new Actor(identity.userId(), sessionId, client.ip());
        String outboxId = outbox.newId();
        List<Object> indexKeys = indexes.entryKeysForScripts(userTag);
        boolean together = !indexKeys.isEmpty();
        SessionStore.Opened opened;
        try {
            opened = store.open(token, sessionId, record, new Tombstone(Tombstone.REPLACED, null, REPLACED_REASON, null),
                    followUps.args(userTag, outboxId, actor), indexKeys, together ? alongside : List.of());
        } catch (RuntimeException refused) {
            // the credentials were right whatever befell the login: their bookkeeping (the failures they
            // clear) stands, or a store failing over would leave the owner's attempts counted as failures;
            // a refusal the script answered had it beside it already
            if (!(together && refused instanceof SessionLimitException)) {
                try {
                    indexes.write(List.of(), alongside);
                } catch (RuntimeException alsoFailed) {
                    refused.addSuppressed(alsoFailed);
                }
            }
            throw refused;
        }
        List<Session> replaced = opened.replaced();
        Session session = opened.session();
        if (!together) {
            indexes.write(List.of(opened.summary()), alongside);
        }
        followUps.afterDecision(userTag, outboxId, replaced, opened.replacement(), actor, opened.summary());
        return new LoginResult(token, session.view(true),
                replaced.stream().map(Session::sessionId).toList());
    }

    /**
     * The live session a bearer token opens, its expiry pushed forward: from this instance's near cache
     * while its fence holds ({@link NearCache}), else in one Redis round trip.
     *
     * @throws TokenRejectedException TOKEN_MISSING, TOKEN_INVALID, TOKEN_EXPIRED, or the revocation code
     */
    public Session authenticate(String token) {
        if (token == null || token.isEmpty()) {
            throw TokenRejectedException.missing();
        }
        if (token.length() > 128 || !Tokens.isToken(token)) {
            throw TokenRejectedException.invalid();
        }
        NearCache cache = nearCache.cache();
        if (cache == null) {
            return checked(store.authenticate(token));
        }
        String userTag = Tokens.userTagOf(token);
        String tokenHash = RedisKeys.secretHash(token);
        Session hit = cache.hit(userTag, tokenHash);
        if (hit != null) {
            return hit;
        }
        NearCache.Read before = cache.read();
        SessionStore.Lookup lookup = store.authenticate(token);
        Session live = checked(lookup);
        fill.beforeFill();
        cache.fill(before, userTag, tokenHash, live, lookup.capAt());
        return live;
    }

    /** The live session of a lookup in Redis; for a dead one, its refusal (after telling of an expiry). */
    private Session checked(SessionStore.Lookup lookup) {
        if (lookup.expired() != null) {
            Tombstone expiry = new Tombstone(Tombstone.EXPIRED, null, "Idle or past its maximum lifetime",
                    lookup.expired().expiresAt());
            revoked.fire(new SessionRevoked(lookup.expired().view(false), expiry.view(), Actor.SYSTEM));
        }
        if (lookup.live() == null) {
            throw lookup.refusal();
        }
        return lookup.live();
    }

    /**
     * A single-use ticket that opens an event stream for {@code session} within
     * {@code kickout.sse.ticket-ttl}, for browsers' {@code EventSource} (which cannot send headers).
     * Only its hash is stored; the raw token never travels in a URL.
     */
    public String issueTicket(Session session) {
        String ticket = Tokens.newToken(Tokens.userTagOf(session.sessionId()));
        store.storeTicket(ticket, session.sessionId(), config.push().ticketTtl().toMillis());
        return ticket;
    }

    /**
     * The live session a ticket was issued for, and the newest id of its events when the ticket was
     * issued (where its stream starts); the ticket is spent.
     *
     * @throws TokenRejectedException TOKEN_INVALID for an unknown, used or expired ticket, or the
     *                                session's own revocation code
     */
    public RedeemedTicket redeemTicket(String ticket) {
        if (ticket == null || ticket.length() > 128 || !Tokens.isToken(ticket)) {
            throw TokenRejectedException.invalid();
        }
        SessionStore.Redeemed redeemed = store.redeem(ticket);
        if (redeemed == null) {
            throw TokenRejectedException.invalid();
        }
        if (redeemed.lookup().live() == null) {
            throw redeemed.lookup().refusal();
        }
        return new RedeemedTicket(redeemed.lookup().live(), redeemed.newestEventId());
    }

    /** What {@link #redeemTicket} answers; {@code newestEventId} null when the ticket did not say. */
    public record RedeemedTicket(Session session, String newestEventId) {
    }

    /** Ends the caller's own session (401 LOGGED_OUT from then on). */
    public void logout(Session session, Actor actor) {
        revoke(Tokens.userTagOf(session.sessionId()), session.sessionId(), null, null,
                tombstone(Tombstone.LOGGED_OUT, actor, "Signed out"), actor);
    }

    /**
     * Revokes one session by id.
     *
     * @return the revoked session, empty if no live session has that id
     */
    public Optional<Session> revokeSession(String sessionId, String code, String reason, Actor actor) {
        if (sessionId == null || !Tokens.isSessionId(sessionId)) {
            return Optional.empty();
        }
        return revoke(Tokens.userTagOf(sessionId), sessionId, null, null, tombstone(code, actor, reason), actor)
                .stream().findFirst();
    }

    /**
     * Revokes a user's sessions, optionally only those of one device type, never
     * {@code spareSessionId} (the caller's own).
     */
    public List<Session> revokeUser(String userId, String deviceType, String spareSessionId, String code,
                                    String reason, Actor actor) {
        return revoke(RedisKeys.userTag(userId), null, deviceType, spareSessionId,
                tombstone(code, actor, reason), actor);
    }

    private List<Session> revoke(String userTag, String sessionId, String deviceType, String spareSessionId,
                                 Tombstone tombstone, Actor actor) {
        String outboxId = outbox.newId();
        SessionStore.Revoked done = store.revoke(userTag, tombstone, sessionId, deviceType, spareSessionId,
                followUps.args(userTag, outboxId, actor));
        followUps.afterDecision(userTag, outboxId, done.sessions(), done.tombstone(), actor, done.summary());
        return done.sessions();
    }

    /** A tombstone without its time: the revoke script stamps it with Redis's. */
    private Tombstone tombstone(String code, Actor actor, String reason) {
        return new Tombstone(code, actor.userId(), reason, null);
    }
}
