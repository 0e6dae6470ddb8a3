package dev.kickout.internal.session;

import dev.kickout.KickoutException;
import dev.kickout.ProblemCode;
import dev.kickout.internal.i18n.Text;

/** 401 for a request whose token is missing, unknown, expired or revoked. */
public class TokenRejectedException extends KickoutException {

    /** Why the session ended, for a revoked token; null for the others. */
    private transient Tombstone tombstone;

    TokenRejectedException(String code, Text detail) {
        super(401, code, detail);
    }

    Tombstone tombstone() {
        return tombstone;
    }

    static TokenRejectedException missing() {
        return new TokenRejectedException("TOKEN_MISSING", Text.of("token.missing"));
    }

    /** Two session cookies: one may have been planted by a sibling site, so neither is used. */
    static TokenRejectedException duplicateCookie() {
        return new TokenRejectedException(ProblemCode.DUPLICATE_COOKIE.name(), Text.of("token.duplicate-cookie"));
    }

    static TokenRejectedException invalid() {
        return new TokenRejectedException("TOKEN_INVALID", Text.of("token.invalid"));
    }

    static TokenRejectedException expired() {
        return new TokenRejectedException("TOKEN_EXPIRED", Text.of("token.expired"));
    }

    /** A revoked token: the tombstone's code, and {@code by}, {@code reason}, {@code at} in the body. */
    static TokenRejectedException revoked(Tombstone tombstone) {
        if (Tombstone.EXPIRED.equals(tombstone.code())) {
            return expired();
        }
        TokenRejectedException e = new TokenRejectedException(tombstone.code(), switch (tombstone.code()) {
            case Tombstone.KICKED -> Text.of("token.kicked");
            case Tombstone.REPLACED -> Text.of("token.replaced");
            default -> Text.of("token.signed-out");
        });
        e.with("by", tombstone.by()).with("reason", tombstone.reason()).with("at", tombstone.at());
        e.tombstone = tombstone;
        return e;
    }
}
