package dev.kickout.session;

import dev.kickout.KickoutException;
import dev.kickout.ProblemCode;

/** 401 for a request whose token is missing, unknown, expired or revoked. */
public class TokenRejectedException extends KickoutException {

    TokenRejectedException(String code, String detail) {
        super(401, code, detail);
    }

    static TokenRejectedException missing() {
        return new TokenRejectedException(ProblemCode.TOKEN_MISSING.name(), "This request needs an 'Authorization: Bearer <token>' header");
    }

    static TokenRejectedException invalid() {
        return new TokenRejectedException(ProblemCode.TOKEN_INVALID.name(), "The token is not known");
    }

    static TokenRejectedException expired() {
        return new TokenRejectedException(ProblemCode.TOKEN_EXPIRED.name(), "The session has expired; sign in again");
    }

    /** A revoked token: the tombstone's code, and {@code by}, {@code reason}, {@code at} in the body. */
    static TokenRejectedException revoked(Tombstone tombstone) {
        if (Tombstone.EXPIRED.equals(tombstone.code())) {
            return expired();
        }
        TokenRejectedException e = new TokenRejectedException(tombstone.code(), switch (tombstone.code()) {
            case Tombstone.KICKED -> "An administrator signed this session out";
            case Tombstone.REPLACED -> "This account signed in on another device";
            default -> "This session was signed out";
        });
        e.with("by", tombstone.by()).with("reason", tombstone.reason()).with("at", tombstone.at());
        return e;
    }
}
