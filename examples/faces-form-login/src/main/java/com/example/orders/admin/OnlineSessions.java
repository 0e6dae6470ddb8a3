package com.example.orders.admin;

import com.example.orders.Texts;
import dev.kickout.CurrentSession;
import dev.kickout.Kickout;
import dev.kickout.KickoutException;
import dev.kickout.SessionView;
import jakarta.enterprise.context.RequestScoped;
import jakarta.faces.application.FacesMessage;
import jakarta.faces.context.FacesContext;
import jakarta.inject.Inject;
import jakarta.inject.Named;
import java.util.List;
import java.util.Locale;

/**
 * The administrator's page ({@code admin/sessions.xhtml}, role {@code admin} in web.xml): who is signed in, on
 * which device and from where, and signing a session or a user out with a reason the user is shown.
 */
@Named
@RequestScoped
public class OnlineSessions {

    private static final int PAGE = 100;

    @Inject
    Kickout kickout;
    @Inject
    CurrentSession current;
    @Inject
    Texts texts;

    private String reason;
    private List<SessionView> sessions;

    /** The live sessions, the most recently active users first (the first page). */
    public List<SessionView> getSessions() {
        if (sessions == null) {
            sessions = kickout.liveSessions(0, PAGE);
        }
        return sessions;
    }

    public String signOutUserLabel(String userId) {
        return texts.get("admin.sign-out-user", userId);
    }

    /** The row's button: signs out the session it posted ({@code session}, {@code user}). */
    public String signOutSession() {
        String sessionId = posted("session");
        String userId = posted("user");
        try {
            kickout.kickSession(sessionId, reason, current.actor());
            say(FacesMessage.SEVERITY_INFO, texts.get("admin.session-signed-out", userId));
        } catch (KickoutException refused) {
            say(FacesMessage.SEVERITY_ERROR, refused.detail(locale()));
        }
        sessions = null;
        return null;
    }

    /** The row's other button: signs out every session of the user it posted ({@code user}). */
    public String signOutUser() {
        String userId = posted("user");
        try {
            int ended = kickout.kickUser(userId, reason, current.actor()).size();
            say(FacesMessage.SEVERITY_INFO, texts.get("admin.user-signed-out", userId, ended));
        } catch (KickoutException refused) {
            say(FacesMessage.SEVERITY_ERROR, refused.detail(locale()));
        }
        sessions = null;
        return null;
    }

    private static String posted(String name) {
        return FacesContext.getCurrentInstance().getExternalContext().getRequestParameterMap().get(name);
    }

    private static void say(FacesMessage.Severity severity, String text) {
        FacesContext.getCurrentInstance().addMessage(null, new FacesMessage(severity, text, null));
    }

    private static Locale locale() {
        return FacesContext.getCurrentInstance().getViewRoot().getLocale();
    }

    public String getReason() {
        return reason;
    }

    public void setReason(String reason) {
        this.reason = reason;
    }
}
