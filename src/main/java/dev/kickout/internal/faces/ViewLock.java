package dev.kickout.internal.faces;

import java.time.Instant;

/**
 * One edit lock as a rendered view sees it, read by the component through EL
 * ({@code #{kickoutEditLock.of('document', id).held}}). A class with getters, not a record:
 * Jakarta EL 5 (EE 10) reads bean properties only.
 */
public final class ViewLock {

    /** What the view may do with the record. */
    public enum State {
        /** This session holds the lock: the form is editable. */
        HELD,
        /** Another session holds it: read-only from the start, naming the holder. */
        HELD_BY_OTHER,
        /** The token this view carried no longer holds it (a postback after a force release, expiry, ...). */
        LOST,
        /** Nobody holds it for this view, and a postback never takes it: read-only. */
        NOT_HELD,
        /** The request has no live session (a page outside the filter's paths): read-only. */
        SIGNED_OUT,
        /** Redis cannot answer now: read-only, editing comes back with a reload once it can. */
        UNAVAILABLE
    }

    private final State state;
    private final String token;
    private final String holder;
    private final Instant since;
    private final long fence;
    private final int heartbeatSeconds;
    private final String cause;
    private final String by;
    private final String reservedUntil;

    private ViewLock(State state, String token, String holder, Instant since, long fence, int heartbeatSeconds,
                     String cause, String by) {
        this(state, token, holder, since, fence, heartbeatSeconds, cause, by, "");
    }

    private ViewLock(State state, String token, String holder, Instant since, long fence, int heartbeatSeconds,
                     String cause, String by, String reservedUntil) {
        this.state = state;
        this.token = token;
        this.holder = holder;
        this.since = since;
        this.fence = fence;
        this.heartbeatSeconds = heartbeatSeconds;
        this.cause = cause == null ? "" : cause;
        this.by = by == null ? "" : by;
        this.reservedUntil = reservedUntil;
    }

    static ViewLock held(String token, Instant since, long fence, int heartbeatSeconds) {
        return new ViewLock(State.HELD, token, "", since, fence, heartbeatSeconds, "", "");
    }

    static ViewLock heldBy(String holder, Instant since, int heartbeatSeconds) {
        return new ViewLock(State.HELD_BY_OTHER, "", holder, since, 0, heartbeatSeconds, "", "");
    }

    /** Between holdings, the lock kept for {@code holder}, the first in its queue, until {@code until}. */
    static ViewLock reservedFor(String holder, String until, int heartbeatSeconds) {
        return new ViewLock(State.HELD_BY_OTHER, "", holder, null, 0, heartbeatSeconds, "", "", until);
    }

    static ViewLock lost(String cause, String by, int heartbeatSeconds) {
        return new ViewLock(State.LOST, "", "", null, 0, heartbeatSeconds, cause, by);
    }

    static ViewLock of(State state, int heartbeatSeconds) {
        return new ViewLock(state, "", "", null, 0, heartbeatSeconds, "", "");
    }

    public State getState() {
        return state;
    }

    public boolean isHeld() {
        return state == State.HELD;
    }

    /** The lock token when {@code HELD} (it travels in the view's hidden field), else empty. */
    public String getToken() {
        return token;
    }

    /** Who holds it when {@code HELD_BY_OTHER} (user name), else empty. */
    public String getHolder() {
        return holder;
    }

    /** When the current holding began (ISO-8601), or empty. */
    public String getSince() {
        return since == null ? "" : since.toString();
    }

    /** The current holding's fence when {@code HELD}, else empty: the page tells a stale release event by it. */
    public String getFence() {
        return state == State.HELD ? Long.toString(fence) : "";
    }

    /**
     * How often the page's script heartbeats a held lock and, in every state but {@code SIGNED_OUT}, tells
     * the record's room that this page still shows it (who else is here); 0 when signed out.
     */
    public int getHeartbeatSeconds() {
        return heartbeatSeconds;
    }

    /** Why a posted token lost the lock: {@code FORCE_RELEASED}, {@code EXPIRED}, {@code RELEASED}, {@code TAKEN}; else empty. */
    public String getCause() {
        return cause;
    }

    /**
     * When {@code HELD_BY_OTHER} because the lock is kept for the first in its queue (named by
     * {@link #getHolder()}) between holdings: until when (ISO-8601); else empty.
     */
    public String getReservedUntil() {
        return reservedUntil;
    }

    /** The administrator who force-released it, else empty. */
    public String getBy() {
        return by;
    }
}
