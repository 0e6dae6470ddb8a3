package dev.kickout.internal.session;

import dev.kickout.KickoutException;
import dev.kickout.ProblemCode;
import dev.kickout.internal.i18n.Text;

/** 403 for an unsafe request authenticated by the session cookie without its CSRF token. */
public class CsrfRejectedException extends KickoutException {

    CsrfRejectedException(Text detail) {
        super(ProblemCode.CSRF_REJECTED, detail);
    }

    static CsrfRejectedException missing() {
        return new CsrfRejectedException(Text.of("csrf.missing"));
    }

    static CsrfRejectedException crossOrigin() {
        return new CsrfRejectedException(Text.of("csrf.cross-origin"));
    }
}
