package dev.kickout;

import dev.kickout.LockView;
import dev.kickout.NotLockedException;
import dev.kickout.ResourceRef;
import dev.kickout.SessionView;
import dev.kickout.internal.Checks;
import dev.kickout.internal.ban.BanTerm;
import dev.kickout.internal.ban.Bans;
import dev.kickout.internal.i18n.Text;
import dev.kickout.internal.lock.EditLocks;
import dev.kickout.internal.push.Push;
import dev.kickout.internal.session.Session;
import dev.kickout.internal.session.SessionDirectory;
import dev.kickout.internal.session.SessionService;
import dev.kickout.internal.session.Tombstone;
import dev.kickout.internal.session.UserIds;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * What a host does from its own code: end a user's sessions, break an edit lock, see who is online
 * and who holds a record. One injectable bean; each action has the effects of the matching admin
 * endpoint: the dead tokens answer 401 {@code KICKED} with the reason and the actor, the pages get
 * {@code FORCE_LOGOUT} / {@code EDIT_LOCK_RELEASED}, the audit trail records the actor, and the CDI
 * events ({@link dev.kickout.event.SessionRevoked}, {@link dev.kickout.event.LockForceReleased},
 * {@link dev.kickout.event.LockFreed}) reach every observer. A user id is the name the user signs in with (the
 * caller principal's name), not a key of the host's database, unless the host maps it
 * ({@link dev.kickout.spi.UserIdMapping}, {@code kickout.user-id.case}); an id given here is mapped the same way,
 * so with {@code kickout.user-id.case=LOWER} {@code kickUser("Alice", ...)} ends the sessions of {@code alice}:
 *
 * <pre>{@code
 * @Inject Kickout kickout;
 *
 * void disable(Account account, String hrUser) {
 *     account.disable();
 *     kickout.kickUser(account.loginName(), "Account disabled", new Actor(hrUser, null, null));
 * }
 *
 * void publish(Order order) {
 *     kickout.releaseLock("order", order.id(), "Published by the workflow", Actor.SYSTEM);
 * }
 * }</pre>
 *
 * <p>Input is checked as at the REST edge, before any Redis key is built: a blank or malformed id,
 * device type or record, a reason over 500 characters or an actor with control characters throws
 * {@link InvalidRequestException} naming the field. A {@code null} reason takes the admin endpoints'
 * default phrase. Unlike the admin endpoints, nothing here spares the caller's own session: the host
 * decides whom to end. Redis unreachable: a {@link KickoutException} with 503 {@code STORE_UNAVAILABLE}.
 *
 * <p>A kick alone does not keep a user out: with remember-me or an identity provider's single sign-on the
 * user is back at the next page load. A ban does: until it ends, every sign-in of the user (the module's
 * login, and in HttpSession mode the container's) is refused with 403 {@code ACCOUNT_SUSPENDED}, which
 * carries {@code until}. A ban always has an end, at most {@code kickout.ban.max-duration} (default
 * {@code P366D}) away; it ends by itself, or earlier by {@link #lift}:
 * <pre>{@code
 * kickout.kickAndBan("mallory", Duration.ofHours(24), "Under investigation", new Actor(hrUser, null, null));
 * kickout.bans(0, 50);                                   // who is banned, soonest end first
 * kickout.lift("mallory", new Actor(hrUser, null, null));
 * }</pre>
 * Bans and lifts are audited ({@code USER_BANNED}, {@code BAN_LIFTED}).
 *
 * @since 1.0
 */
@ApplicationScoped
public class Kickout {

    /** The reason a kick carries when none is given. */
    public static final String DEFAULT_KICK_REASON = "Signed out by an administrator";
    /** The reason a force release carries when none is given. */
    public static final String DEFAULT_RELEASE_REASON = "Released by an administrator";

    static final String SESSION_ID_SHAPE = "[A-Za-z0-9_-]{22}\\.[A-Za-z0-9_-]{22}";
    /** A host's own event type: UPPER_SNAKE, as the module's own. */
    private static final Pattern EVENT_TYPE = Pattern.compile("[A-Z][A-Z0-9_]{0,63}");

    @Inject
    SessionService sessions;
    @Inject
    SessionDirectory directory;
    @Inject
    EditLocks locks;
    @Inject
    Push push;
    @Inject
    UserIds userIds;
    @Inject
    Bans bans;

    /**
     * Ends every live session of {@code userId}, on every device ("disabling an account kicks it
     * everywhere").
     *
     * @return the sessions ended (empty when the user had none; {@link #tryKickUser} says which)
     */
    public List<SessionView> kickUser(String userId, String reason, Actor actor) {
        return tryKickUser(userId, reason, actor).kicked();
    }

    /**
     * {@link #kickUser}, saying what it found: {@link KickResult.Outcome#KICKED} with the sessions ended, or
     * {@link KickResult.Outcome#UNKNOWN_USER} when no live session has that user id (the REST kick's 404).
     *
     * @since 1.1
     */
    public KickResult tryKickUser(String userId, String reason, Actor actor) {
        return kick(userId(userId), null, reason, actor);
    }

    /**
     * Ends the live sessions of {@code userId} of one device type ({@code web}, {@code phone}, ...),
     * leaving the others.
     *
     * @return the sessions ended (empty when there were none of that type; {@link #tryKickDeviceType} says why)
     */
    public List<SessionView> kickDeviceType(String userId, String deviceType, String reason, Actor actor) {
        return tryKickDeviceType(userId, deviceType, reason, actor).kicked();
    }

    /**
     * {@link #kickDeviceType}, saying what it found: {@link KickResult.Outcome#KICKED},
     * {@link KickResult.Outcome#NO_SESSION_OF_DEVICE_TYPE} when the user is signed in on other device types
     * only, or {@link KickResult.Outcome#UNKNOWN_USER} when not at all.
     *
     * @since 1.1
     */
    public KickResult tryKickDeviceType(String userId, String deviceType, String reason, Actor actor) {
        return kick(userId(userId), Checks.matching("deviceType", deviceType, Checks.LABEL), reason, actor);
    }

    /**
     * Bans {@code userId} for {@code length} from now: every sign-in until then is refused with 403
     * {@code ACCOUNT_SUSPENDED}. Live sessions stay; {@link #kickAndBan} ends them too. Banning a banned user
     * replaces the ban.
     *
     * @param length positive, at most {@code kickout.ban.max-duration}
     * @return the ban, with its end as Redis's clock set it
     * @throws InvalidRequestException a length not positive or too long; nothing is changed
     * @since 1.1
     */
    public BanView ban(String userId, Duration length, String reason, Actor actor) {
        return bans.ban(userIds.named(userId), bans.term(length), kickReason(reason), checked(actor));
    }

    /**
     * Bans {@code userId} until {@code until}, as {@link #ban(String, Duration, String, Actor)}.
     *
     * @throws InvalidRequestException an end in the past or beyond {@code kickout.ban.max-duration}; nothing is changed
     * @since 1.1
     */
    public BanView ban(String userId, Instant until, String reason, Actor actor) {
        return bans.ban(userIds.named(userId), BanTerm.until(until), kickReason(reason), checked(actor));
    }

    /**
     * Bans {@code userId} for {@code length}, then ends every live session of the user: the ban is written first,
     * so a sign-in at the same moment is either refused or ended by the kick.
     *
     * @return the sessions ended (empty when the user had none; the ban stands all the same)
     * @since 1.1
     */
    public List<SessionView> kickAndBan(String userId, Duration length, String reason, Actor actor) {
        return bans.banAndKick(userIds.named(userId), bans.term(length), kickReason(reason), null, checked(actor)).kicked()
                .stream().map(Kickout::view).toList();
    }

    /**
     * {@link #kickAndBan(String, Duration, String, Actor)} with a ban until {@code until}.
     *
     * @since 1.1
     */
    public List<SessionView> kickAndBan(String userId, Instant until, String reason, Actor actor) {
        return bans.banAndKick(userIds.named(userId), BanTerm.until(until), kickReason(reason), null, checked(actor)).kicked()
                .stream().map(Kickout::view).toList();
    }

    /**
     * Lifts the ban of {@code userId}: the user may sign in again at once.
     *
     * @return the ban as it was, empty when the user was not banned
     * @since 1.1
     */
    public Optional<BanView> lift(String userId, Actor actor) {
        return bans.lift(userIds.named(userId), checked(actor));
    }

    /**
     * One page of the bans in force, as {@code GET <root>/admin/bans} lists them: soonest end first.
     *
     * @param offset how many to skip, 0 or more
     * @param limit  how many to return, 1 to 500 (offset + limit at most 10,000)
     * @since 1.1
     */
    public List<BanView> bans(int offset, int limit) {
        if (offset < 0) {
            throw new InvalidRequestException(Text.of("checks.range", "offset", "0", String.valueOf(Integer.MAX_VALUE)));
        }
        if (limit < 1 || limit > 500) {
            throw new InvalidRequestException(Text.of("checks.range", "limit", "1", "500"));
        }
        return bans.page(offset, limit).items();
    }

    /**
     * Sends the pages of session {@code sessionId} an event of the host's own: stored for replay like the
     * module's, and written to the session's streams on every instance ({@code type} UPPER_SNAKE, the
     * payload as JSON). From an observer of {@link dev.kickout.event.StreamOpened} it reaches the new
     * stream exactly once, in order.
     *
     * @return the event's id (its SSE {@code id})
     */
    public String send(String sessionId, String type, Object payload) {
        if (sessionId == null || !Session.isSessionId(sessionId)) {
            throw new InvalidRequestException(Text.of("checks.pattern", "sessionId", SESSION_ID_SHAPE));
        }
        return push.send(sessionId, Checks.matching("type", type, EVENT_TYPE), payload).id();
    }

    /**
     * Ends one session by its id (as listed by {@link #sessionsOf} or carried by the events).
     *
     * @return the session ended, empty when no live session has that id
     */
    public Optional<SessionView> kickSession(String sessionId, String reason, Actor actor) {
        if (sessionId == null || !Session.isSessionId(sessionId)) {
            throw new InvalidRequestException(Text.of("checks.pattern", "sessionId", SESSION_ID_SHAPE));
        }
        String why = kickReason(reason);
        return sessions.revokeSession(sessionId, Tombstone.KICKED, why, checked(actor)).map(Kickout::view);
    }

    /**
     * Breaks the edit lock on a record: the holder's lock token dies at once, the holder's pages are
     * told, and others may take the record after {@code kickout.lock.force-release-grace}.
     *
     * @param type a record type, {@code [a-z][a-z0-9_-]{0,31}}
     * @param id   a record id, {@code [A-Za-z0-9._-]{1,128}}
     * @return the lock as it was, empty when nobody held it
     */
    public Optional<LockView> releaseLock(String type, String id, String reason, Actor actor) {
        ResourceRef resource = new ResourceRef(type, id);
        String why = Checks.optionalText("reason", reason, 500);
        Actor by = checked(actor);
        try {
            return Optional.of(locks.forceRelease(resource, why == null ? DEFAULT_RELEASE_REASON : why, by));
        } catch (NotLockedException e) {
            return Optional.empty();
        }
    }

    /**
     * One page of every user's live sessions, as {@code GET <root>/admin/sessions} lists them: the users who
     * were active last first, each user's sessions together, most recently active first.
     *
     * @param offset how many sessions to skip, 0 or more
     * @param limit  how many to return, 1 to 500
     */
    public List<SessionView> liveSessions(int offset, int limit) {
        if (offset < 0) {
            throw new InvalidRequestException(Text.of("checks.range", "offset", "0", String.valueOf(Integer.MAX_VALUE)));
        }
        if (limit < 1 || limit > 500) {
            throw new InvalidRequestException(Text.of("checks.range", "limit", "1", "500"));
        }
        return directory.sessions(null, null, offset, limit).items().stream().map(Kickout::view).toList();
    }

    /** The live sessions of {@code userId}, most recently active first (empty for an unknown user). */
    public List<SessionView> sessionsOf(String userId) {
        return directory.sessions(userIds.named(userId(userId)), null, 0, Integer.MAX_VALUE).items().stream()
                .map(Kickout::view).toList();
    }

    /**
     * Who holds the edit lock on a record, and until when ({@link LockView#holder()},
     * {@link LockView#expiresAt()}); empty when nobody does. Never carries the lock token.
     */
    public Optional<LockView> lockOn(String type, String id) {
        return locks.get(new ResourceRef(type, id));
    }

    private KickResult kick(String userId, String deviceType, String reason, Actor actor) {
        String why = kickReason(reason);
        Actor by = checked(actor);
        String user = userIds.named(userId);
        List<SessionView> kicked = sessions.revokeUser(user, deviceType, null, Tombstone.KICKED, why, by).stream()
                .map(Kickout::view).toList();
        if (!kicked.isEmpty()) {
            return new KickResult(user, KickResult.Outcome.KICKED, kicked);
        }
        // a revoke that ended nothing wrote nothing; only then is it worth asking whether the user is online
        boolean online = deviceType != null && !directory.sessionsOf(user).isEmpty();
        return new KickResult(user, online ? KickResult.Outcome.NO_SESSION_OF_DEVICE_TYPE : KickResult.Outcome.UNKNOWN_USER,
                kicked);
    }

    private static SessionView view(Session session) {
        return session.view(false);
    }

    /** The same rule as the admin endpoints: 1-128 characters, no control characters. */
    static String userId(String userId) {
        return UserIds.checked(userId);
    }

    static String kickReason(String reason) {
        String text = Checks.optionalText("reason", reason, 500);
        return text == null ? DEFAULT_KICK_REASON : text;
    }

    /** An actor whose parts may reach the audit trail, tombstones and logs. */
    static Actor checked(Actor actor) {
        if (actor == null) {
            throw new InvalidRequestException(Text.of("checks.required", "actor"));
        }
        part("actor.userId", actor.userId(), 128);
        part("actor.sessionId", actor.sessionId(), 128);
        part("actor.ip", actor.ip(), 64);
        return actor;
    }

    private static void part(String field, String value, int maxLength) {
        if (value != null && (Checks.text(field, value, maxLength).chars().anyMatch(Character::isISOControl))) {
            throw new InvalidRequestException(Text.of("checks.pattern", field, "no control characters"));
        }
    }
}
