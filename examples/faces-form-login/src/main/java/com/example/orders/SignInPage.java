package com.example.orders;

import dev.kickout.event.Revocation;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpSession;

/**
 * The login page ({@code login.xhtml}, web.xml's form-login-page) says why the last session ended: Kickout leaves
 * the {@link Revocation} (code, who, why, when) on the request the container forwards here, and on the new
 * {@code HttpSession}. Nothing is shown after an ordinary sign-out or a first visit.
 */
@Named
@RequestScoped
public class SignInPage {

    @Inject
    HttpServletRequest request;
    @Inject
    Texts texts;

    private Revocation revocation() {
        Object why = request.getAttribute(Revocation.ATTRIBUTE);
        HttpSession session = request.getSession(false);
        if (why == null && session != null) {
            why = session.getAttribute(Revocation.ATTRIBUTE);
        }
        return why instanceof Revocation revocation ? revocation : null;
    }

    /** Whether the last session was ended by someone or something else than the user's own sign-out. */
    public boolean isEnded() {
        return revocation() != null;
    }

    /** Why, as a code: {@code KICKED}, {@code REPLACED}, {@code EXPIRED}, {@code ACCOUNT_SUSPENDED} (a banned user signed in), ... */
    public String getCode() {
        Revocation why = revocation();
        return why == null ? "" : why.code();
    }

    /** Why, in the user's words. */
    public String getWhy() {
        Revocation why = revocation();
        return why == null ? "" : texts.get("signin.ended." + why.code());
    }

    /** Who ended it and what they wrote, for a kick by an administrator; empty otherwise. */
    public String getDetail() {
        Revocation why = revocation();
        if (why == null || !Revocation.KICKED.equals(why.code()) || why.by() == null) {
            return "";
        }
        return texts.get("signin.kicked-by", why.by(), why.reason() == null ? "" : why.reason());
    }
}
