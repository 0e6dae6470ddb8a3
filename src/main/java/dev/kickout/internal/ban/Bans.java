package dev.kickout.internal.ban;

import dev.kickout.Actor;
import dev.kickout.BanView;
import dev.kickout.InvalidRequestException;
import dev.kickout.internal.config.KickoutConfig;
import dev.kickout.internal.i18n.Text;
import dev.kickout.internal.session.Session;
import dev.kickout.internal.session.SessionDirectory.Page;
import dev.kickout.internal.session.SessionService;
import dev.kickout.internal.session.Tombstone;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * Bans users: while a ban lasts, every sign-in of the user is refused with 403 {@code ACCOUNT_SUSPENDED}; a
 * ban ends by itself, or when lifted. Reads {@code kickout.ban.max-duration}.
 *
 * <p>A kick with a ban writes the ban first, then ends the sessions: the login script reads the ban in the
 * user's slot, so a sign-in racing the ban is either refused or opened before the ban, and then the kick
 * ends it. No window is left in which a session opened after the ban survives.
 */
@ApplicationScoped
public class Bans {

    /** Listings page through at most this many bans (offset + limit). */
    public static final int LISTING_WINDOW = 10_000;

    @Inject
    BanStore store;
    @Inject
    SessionService sessions;
    @Inject
    KickoutConfig config;
    @Inject
    Event<BanChanged> changed;

    /** A ban and the sessions that ended with it. */
    public record Applied(BanView ban, List<Session> kicked) {
    }

    /** A request's {@code ban} member, checked ({@link BanTerm#parse}). */
    public BanTerm term(String ban) {
        return BanTerm.parse(ban, config.banMaxDuration());
    }

    /** A length from now, checked against {@code kickout.ban.max-duration}. */
    public BanTerm term(Duration length) {
        return BanTerm.of(length, config.banMaxDuration());
    }

    /** Bans {@code userId} ({@code reason} already checked); audited. */
    public BanView ban(String userId, BanTerm term, String reason, Actor actor) {
        BanView ban = store.ban(userId, term, reason, actor.userId(), config.banMaxDuration());
        changed.fire(new BanChanged(BanChanged.BANNED, ban, actor));
        return ban;
    }

    /** Bans {@code userId}, then ends every session of the user but {@code spareSessionId} (the caller's own). */
    public Applied banAndKick(String userId, BanTerm term, String reason, String spareSessionId, Actor actor) {
        BanView ban = ban(userId, term, reason, actor);
        return new Applied(ban, sessions.revokeUser(userId, null, spareSessionId, Tombstone.KICKED, reason, actor));
    }

    /** Lifts the ban of {@code userId}; audited. Empty when the user was not banned. */
    public Optional<BanView> lift(String userId, Actor actor) {
        Optional<BanView> lifted = store.lift(userId);
        lifted.ifPresent(ban -> changed.fire(new BanChanged(BanChanged.LIFTED, ban, actor)));
        return lifted;
    }

    /** One page of the bans in force, soonest end first. */
    public Page<BanView> page(int offset, int limit) {
        if ((long) offset + limit > LISTING_WINDOW) {
            throw new InvalidRequestException(Text.of("listing.window", String.valueOf(LISTING_WINDOW)));
        }
        BanStore.Listed listed = store.first(offset + limit);
        List<BanView> bans = listed.bans();
        return new Page<>(listed.total(), bans.subList(Math.min(offset, bans.size()), bans.size()));
    }
}
