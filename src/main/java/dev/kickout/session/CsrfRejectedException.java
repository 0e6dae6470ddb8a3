package dev.kickout.session;

import dev.kickout.KickoutException;
import dev.kickout.ProblemCode;

/** 403 for an unsafe request authenticated by the session cookie without its CSRF token. */
public class CsrfRejectedException extends KickoutException {

    CsrfRejectedException(String detail) {
        super(ProblemCode.CSRF_REJECTED, detail);
    }

    static CsrfRejectedException missing() {
        return new CsrfRejectedException("A request authenticated by the session cookie must carry the CSRF token "
                + "(header X-CSRF-Token or form field _csrf)");
    }

    static CsrfRejectedException crossOrigin() {
        return new CsrfRejectedException("The sign-in form was posted from another origin");
    }
}
