package dev.kickout.internal.session;

import dev.kickout.KickoutException;
import dev.kickout.ProblemCode;
import dev.kickout.internal.i18n.Text;
import java.time.Instant;

/** 403 {@code ACCOUNT_SUSPENDED}: a sign-in of a banned user; the body's {@code until} says when the ban ends. */
public class AccountSuspendedException extends KickoutException {

    private final Instant until;

    public AccountSuspendedException(Instant until) {
        super(ProblemCode.ACCOUNT_SUSPENDED, Text.of("ban.suspended", until.toString()));
        this.until = until;
        with("until", until);
    }

    public Instant until() {
        return until;
    }
}
