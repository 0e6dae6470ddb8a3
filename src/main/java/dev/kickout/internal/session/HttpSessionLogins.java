package dev.kickout.internal.session;

import dev.kickout.internal.config.HttpSessionSettings;
import dev.kickout.internal.config.HttpSessionSettings.StoreDown;
import dev.kickout.internal.metrics.Metrics;
import dev.kickout.internal.redis.ContainerThreads;
import dev.kickout.internal.redis.StoreUnavailableException;
import dev.kickout.Actor;
import dev.kickout.KickoutException;
import dev.kickout.event.Revocation;
import dev.kickout.internal.Checks;
import dev.kickout.internal.LogId;
import dev.kickout.internal.LogText;
import dev.kickout.internal.config.KickoutConfig;
import dev.kickout.internal.rest.ClientAddress;
import dev.kickout.internal.rest.HttpRequests;
import dev.kickout.internal.rest.ProblemWriter;
import dev.kickout.internal.rest.PublicOrigin;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.servlet.ServletContext;
import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;
import java.io.IOException;
import java.security.Principal;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * HttpSession mode ({@code kickout.http-session.enabled}): the host keeps its own login and its
 * {@code HttpSession}. A caller the container signed in within an {@code HttpSession} (FORM login,
 * Jakarta Security, {@code request.login}, OIDC) gets a Kickout session on its first request, under
 * the login policy like any login; the binding is an attribute of the {@code HttpSession}, so it
 * follows a session id change and a distributable session. For a distributable one, Redis keeps the
 * binding too, sealed ({@link BindingSeal}): an instance whose copy of the {@code HttpSession} lacks it
 * yet takes the same Kickout session instead of opening another. Every later request checks it (from the
 * near cache when on). A refused session's {@code HttpSession} is invalidated; so is one whose end this
 * instance hears of ({@link SessionEndHeard}), at once unless it is distributable; and the end of the
 * {@code HttpSession} (logout, {@code invalidate()}, timeout) ends the Kickout session.
 */
@ApplicationScoped
class HttpSessionLogins {

    private static final Logger LOG = Logger.getLogger(HttpSessionLogins.class.getName());
    private static final int REMEMBERED = 10_000;

    @Inject
    SessionService sessions;
    @Inject
    SessionStore store;
    @Inject
    KickoutConfig config;
    @Inject
    ClientAddress clients;
    @Inject
    SessionCookies cookies;
    @Inject
    ProblemWriter problems;
    @Inject
    PublicOrigin origin;
    @Inject
    Metrics metrics;
    @Inject
    UserIds userIds;
    @Resource
    ManagedExecutorService executor;

    /** The {@code HttpSession}s this instance serves, by the Kickout session bound to each. */
    private final Map<String, HttpSession> held = new ConcurrentHashMap<>();
    /**
     * Why the {@code HttpSession}s this instance ended lately ended, by their id: the next request that
     * still names one learns why (the login page shows it, an API call gets the 401 with the reason),
     * though its {@code HttpSession} is already gone. The last {@value #REMEMBERED} only.
     */
    private final Map<String, Tombstone> endedHere = Collections.synchronizedMap(new LinkedHashMap<>() {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Tombstone> eldest) {
            return size() > REMEMBERED;
        }
    });
    /**
     * The {@code HttpSession}s this instance is invalidating itself, by their id: their end is not a
     * logout. Kept here, not in the {@code HttpSession} (see {@link #invalidate}).
     */
    private final Set<String> invalidating = ConcurrentHashMap.newKeySet();
    /** Whether the app's sessions are distributable; unknown until the first end heard. */
    private volatile Boolean distributable;
    /** Whether this instance serves signed-in {@code HttpSession}s unchecked now (store-down ALLOW, Redis down). */
    private final AtomicBoolean unchecked = new AtomicBoolean();
    /** One opening at a time per {@code HttpSession}: a page and its scripts may arrive together. */
    private final Map<String, Object> opening = new ConcurrentHashMap<>();

    boolean enabled() {
        return config.httpSession().enabled();
    }

    /**
     * The Kickout session of a request the container signed in within an {@code HttpSession}: opened on
     * its first such request, checked on every later one. Empty when the request has no container login
     * in an {@code HttpSession}.
     *
     * @throws KickoutException the session's refusal, or 403 {@code ACCOUNT_SUSPENDED} for a banned caller (its
     *                          {@code HttpSession} is then invalidated), or 503
     */
    Optional<Session> follow(HttpServletRequest request, HttpServletResponse response) {
        HttpSession httpSession = request.getSession(false);
        if (httpSession == null) {
            for (String ended : requestedIds(request)) {
                // only a page load takes the reason away: the ended page's own calls (its event stream, its lock)
                // racing the user's reload must leave it for the login page
                Tombstone why = HttpRequests.pageLoad(request) ? endedHere.remove(ended) : endedHere.get(ended);
                if (why != null) {
                    throw TokenRejectedException.revoked(why);
                }
            }
            return Optional.empty();
        }
        Principal caller = request.getUserPrincipal();
        HttpSessionBinding binding = bindingOf(httpSession);
        if (binding != null && (caller == null || !caller.getName().equals(binding.caller()))) {
            // the host signed out, or in under another principal name, and kept the HttpSession; compared as the
            // container names the caller, not mapped: another name of the same user is another sign-in
            httpSession.removeAttribute(HttpSessionBinding.ATTRIBUTE);
            held.remove(binding.sessionId());
            end(binding, Tombstone.LOGGED_OUT, "Signed out", new Actor(binding.caller(), binding.sessionId(), clients.of(request)));
            binding = null;
        }
        if (caller == null) {
            return Optional.empty();
        }
        try {
            if (binding == null) {
                return Optional.of(open(request, response, httpSession, caller));
            }
            Session session = sessions.authenticate(binding.token());
            held.putIfAbsent(session.sessionId(), httpSession);
            checkedAgain();
            return Optional.of(session);
        } catch (TokenRejectedException | SessionLimitException | AccountSuspendedException e) {
            // a banned caller the container signed in (FORM, remember-me, single sign-on) keeps no HttpSession either
            invalidate(httpSession);
            throw e;
        }
    }

    /**
     * Whether a request whose check Redis could not make goes on with the container's identity alone
     * ({@code kickout.http-session.store-down=ALLOW}): the container signed its caller in, and only Redis is
     * missing. Nothing is decided meanwhile (no session opened, none ended); the next request after Redis
     * returns is checked as ever, so a session ended before or during the outage is refused then.
     */
    boolean servesUnchecked(HttpServletRequest request, KickoutException e) {
        if (!(e instanceof StoreUnavailableException) || config.httpSession().storeDown() != StoreDown.ALLOW
                || request.getUserPrincipal() == null) {
            return false;
        }
        metrics.unchecked();
        if (unchecked.compareAndSet(false, true)) {
            LOG.log(Level.WARNING, LogText.safe(e), () -> LogId.HTTP_SESSION_UNCHECKED.message("Redis cannot serve: "
                    + "signed-in HttpSessions are served on the container's identity alone (kickout.http-session.store-down=ALLOW); "
                    + "kicks and login policies wait for Redis"));
        }
        return true;
    }

    private void checkedAgain() {
        if (unchecked.get() && unchecked.compareAndSet(true, false)) {
            LOG.info(() -> LogId.HTTP_SESSION_CHECKED_AGAIN.message("Redis serves again: signed-in HttpSessions are checked again"));
        }
    }

    /**
     * A request the container forwards to its login page: when it names an {@code HttpSession} this
     * instance ended, the login page finds why in the attributes of its new {@code HttpSession} (and of the
     * request): the code as {@code kickoutReason}, the whole {@link Revocation} (who, why, when) as
     * {@value Revocation#ATTRIBUTE}.
     */
    void forwarded(HttpServletRequest request) {
        HttpSession current = request.getSession(false);
        if (current != null && bindingOf(current) != null) {
            return;
        }
        Tombstone why = null;
        for (String ended : requestedIds(request)) {
            Tombstone found = endedHere.remove(ended);
            why = why == null ? found : why;
        }
        if (why != null) {
            tell(request, why, TokenRejectedException.revoked(why).code());
        }
    }

    /** Leaves why a session ended for the login page, on the request and on a new {@code HttpSession}. */
    private static void tell(HttpServletRequest request, Tombstone why, String code) {
        Revocation revocation = why.view();
        request.setAttribute(HttpSessionBinding.REASON_ATTRIBUTE, code);
        request.setAttribute(Revocation.ATTRIBUTE, revocation);
        HttpSession fresh = request.getSession(true);
        fresh.setAttribute(HttpSessionBinding.REASON_ATTRIBUTE, code);
        fresh.setAttribute(Revocation.ATTRIBUTE, revocation);
    }

    /**
     * Answers a refused container session: a page load goes to {@code kickout.http-session.refused-page}
     * with {@code ?reason=&next=}, or without one to the requested page again (the container then shows
     * its login page; the new {@code HttpSession} holds the reason as {@code kickoutReason}); anything else
     * gets the problem. A page load refused for another reason than its session (Redis unreachable) gets
     * the host's error page for the status.
     */
    void refuse(HttpServletRequest request, HttpServletResponse response, KickoutException e) throws IOException {
        if (!(e instanceof TokenRejectedException || e instanceof SessionLimitException
                || e instanceof AccountSuspendedException)) {
            // Redis down (under REFUSE), CSRF: a page load gets the host's error page for the status
            problems.writeOrSendError(request, response, e);
            return;
        }
        if (!HttpRequests.pageLoad(request)) {
            problems.write(request, response, e);
            return;
        }
        String path = request.getRequestURI().substring(request.getContextPath().length())
                + (request.getQueryString() == null ? "" : "?" + request.getQueryString());
        String page = config.httpSession().refusedPage();
        String target;
        if (page.isEmpty()) {
            Tombstone why = e instanceof TokenRejectedException rejected && rejected.tombstone() != null
                    ? rejected.tombstone() : new Tombstone(e.code(), null, null, null);
            if (distributable(request.getServletContext())) {
                // WildFly 39: a new HttpSession in the request that invalidated a distributable one leaves a
                // session-cache transaction open that holds the old session's lock, and the next request naming
                // it on another instance waits out the lock timeout (15 s) and fails; the login page of the
                // next request here learns why from the session id it names instead
                requestedIds(request).forEach(id -> endedHere.put(id, why));
            } else {
                tell(request, why, e.code());
            }
            target = NextPath.safe(path) == null ? "/" : path;
        } else {
            target = NextPath.signIn("", page, "reason", e.code(), path);
        }
        response.setStatus(HttpServletResponse.SC_SEE_OTHER);
        response.setHeader("Cache-Control", "no-store");
        response.setHeader("Location", origin.url(request, request.getContextPath() + target));
    }

    /**
     * The {@code HttpSession} ids a request names. Payara's login page gets a new {@code HttpSession}
     * and then reports its id as the requested one; the session cookie still holds the ended one.
     */
    private static Set<String> requestedIds(HttpServletRequest request) {
        Set<String> ids = new LinkedHashSet<>();
        if (request.getRequestedSessionId() != null) {
            ids.add(request.getRequestedSessionId());
        }
        String name = request.getServletContext().getSessionCookieConfig().getName();
        String cookie = cookie(request, name == null ? "JSESSIONID" : name);
        if (cookie != null) {
            ids.add(cookie);
        }
        return ids;
    }

    private Session open(HttpServletRequest request, HttpServletResponse response, HttpSession httpSession,
                         Principal caller) {
        String id = httpSession.getId();
        Object lock = opening.computeIfAbsent(id, key -> new Object());
        try {
            synchronized (lock) {
                HttpSessionBinding bound = bindingOf(httpSession);
                if (bound != null) {
                    return sessions.authenticate(bound.token());
                }
                boolean shared = distributable(request.getServletContext());
                Identity identity = identity(request, caller);
                if (shared) {
                    Session opened = openedElsewhere(id, caller, identity.userId());
                    if (opened != null) {
                        held.putIfAbsent(opened.sessionId(), httpSession);
                        return opened;
                    }
                }
                LoginResult login = sessions.openForHttpSession(identity, client(request));
                String sessionId = login.session().sessionId();
                httpSession.setAttribute(HttpSessionBinding.ATTRIBUTE,
                        new HttpSessionBinding(login.token(), sessionId, caller.getName()));
                held.put(sessionId, httpSession);
                if (shared) {
                    store.keepBinding(caller.getName(), id, login.token());
                }
                // the page's scripts send it back on the module's unsafe calls, as in cookie mode
                response.addHeader("Set-Cookie", cookies.csrf(request, login.token()));
                Session session = sessions.authenticate(login.token());
                checkedAgain();
                return session;
            }
        } finally {
            opening.remove(id, lock);
        }
    }

    /**
     * The Kickout session another instance opened for this distributable {@code HttpSession}, when this
     * instance's copy of it does not hold the binding yet: the container may answer a request before its
     * copy reaches the other instances, and a balancer without affinity sends the next one to any of them.
     * Null when there is none, for this caller (the binding is kept by principal name, the session by user id).
     */
    private Session openedElsewhere(String httpSessionId, Principal caller, String userId) {
        String token = store.boundToken(caller.getName(), httpSessionId).orElse(null);
        if (token == null) {
            return null;
        }
        Session session = sessions.authenticate(token);
        return session.userId().equals(userId) ? session : null;
    }

    /** Drops the sealed binding of an ended distributable {@code HttpSession}; left, it expires by itself. */
    private void forget(HttpSessionBinding binding, String httpSessionId) {
        try {
            store.forgetBinding(binding.caller(), httpSessionId);
        } catch (RuntimeException e) {
            LOG.log(Level.FINE, LogId.HTTP_SESSION_BINDING_NOT_FORGOTTEN.message(
                    "the sealed binding of an ended HttpSession stays until it expires"), LogText.safe(e));
        }
    }

    private Identity identity(HttpServletRequest request, Principal caller) {
        Set<String> roles = new HashSet<>();
        if (request.isUserInRole(config.adminRole())) {
            roles.add(config.adminRole());
        }
        config.httpSession().roles().stream().filter(request::isUserInRole).forEach(roles::add);
        return new Identity(userIds.signedIn(caller.getName(), roles), caller.getName(), roles);
    }

    private ClientInfo client(HttpServletRequest request) {
        return new ClientInfo(value(request, config.httpSession().deviceType(), "web"),
                value(request, config.httpSession().clientId(), "browser"), clients.of(request),
                request.getHeader("User-Agent"));
    }

    private static String value(HttpServletRequest request, HttpSessionSettings.RequestValue source, String otherwise) {
        String value = source.fixed();
        if (source.header() != null) {
            value = request.getHeader(source.header());
        } else if (source.cookie() != null) {
            value = cookie(request, source.cookie());
        }
        return value != null && Checks.LABEL.matcher(value).matches() ? value : otherwise;
    }

    private static String cookie(HttpServletRequest request, String name) {
        Cookie[] all = request.getCookies();
        if (all != null) {
            for (Cookie cookie : all) {
                if (cookie.getName().equals(name)) {
                    return cookie.getValue();
                }
            }
        }
        return null;
    }

    /** An {@code HttpSession} ends (logout, {@code invalidate()}, timeout): so does its Kickout session. */
    void ended(HttpSession httpSession) {
        HttpSessionBinding binding = bindingOf(httpSession);
        if (binding == null) {
            return;
        }
        held.remove(binding.sessionId());
        String id = httpSession.getId();
        if (distributable(httpSession.getServletContext())) {
            forget(binding, id);
        }
        if (invalidating.contains(id) || endedHere.containsKey(id)) {
            return; // ended because its Kickout session did, as this instance decided or heard
        }
        long idleMillis = System.currentTimeMillis() - httpSession.getLastAccessedTime();
        int timeout = httpSession.getMaxInactiveInterval();
        if (timeout > 0 && idleMillis >= timeout * 1000L) {
            end(binding, Tombstone.EXPIRED, "The HttpSession timed out", Actor.SYSTEM);
        } else {
            end(binding, Tombstone.LOGGED_OUT, "Signed out", new Actor(binding.caller(), binding.sessionId(), null));
        }
    }

    /**
     * A session ended anywhere: its {@code HttpSession} here ends now, not at its next request (but a
     * distributable one, see {@link #endOutsideRequest}). On a managed thread of its own,
     * not the event bridge's (which writes the session's last event to its streams): the container ends a
     * session outside any request.
     */
    void onEndHeard(@Observes SessionEndHeard heard) {
        HttpSession httpSession = held.remove(heard.sessionId());
        if (httpSession == null) {
            return;
        }
        try {
            endedHere.put(httpSession.getId(), heard.tombstone());
        } catch (IllegalStateException e) {
            return; // already invalidated
        }
        executor.execute(ContainerThreads.releasing(() -> endOutsideRequest(httpSession)));
    }

    /** How many {@code HttpSession}s this instance holds, for tests and metrics. */
    int held() {
        return held.size();
    }

    private void end(HttpSessionBinding binding, String code, String reason, Actor actor) {
        try {
            sessions.revokeSession(binding.sessionId(), code, reason, actor);
        } catch (RuntimeException e) {
            // Redis unreachable: the Kickout session idles out by itself (kickout.session.ttl)
            LOG.log(Level.WARNING, LogText.safe(e), () -> LogId.HTTP_SESSION_END_NOT_RECORDED.message(
                    "the end of the HttpSession of " + LogText.escape(binding.sessionId()) + " was not recorded"));
        }
    }

    /**
     * Ends the {@code HttpSession} of an ended Kickout session outside any request, unless the app's
     * sessions are distributable: every instance that served one hears of the end at the same moment, so
     * it ends at its next request instead, on whichever instance that comes, which refuses it and
     * invalidates it within that request (and with it on every instance).
     */
    private void endOutsideRequest(HttpSession httpSession) {
        if (!distributable(httpSession.getServletContext())) {
            invalidate(httpSession);
        }
    }

    /** Whether the app declares its sessions distributable (its {@code web.xml}), read once. */
    private boolean distributable(ServletContext context) {
        Boolean known = distributable;
        if (known == null) {
            known = WebXml.distributable(context);
            distributable = known;
        }
        return known;
    }

    /**
     * Invalidates an {@code HttpSession} whose Kickout session ended, writing nothing to it first (an
     * attribute of a distributable session would be one more replicated write): that its end is no logout,
     * {@link #ended} learns from {@link #invalidating}, called by the container from within
     * {@code invalidate()}, on this thread.
     */
    private void invalidate(HttpSession httpSession) {
        String id;
        try {
            HttpSessionBinding binding = bindingOf(httpSession);
            if (binding != null) {
                held.remove(binding.sessionId());
            }
            id = httpSession.getId();
        } catch (IllegalStateException e) {
            return; // already invalidated
        }
        invalidating.add(id);
        try {
            httpSession.invalidate();
        } catch (IllegalStateException e) {
            // already invalidated by the container, another request or another instance
        } finally {
            invalidating.remove(id);
        }
    }

    private static HttpSessionBinding bindingOf(HttpSession httpSession) {
        try {
            return httpSession.getAttribute(HttpSessionBinding.ATTRIBUTE) instanceof HttpSessionBinding binding
                    ? binding : null;
        } catch (IllegalStateException e) {
            return null; // invalidated meanwhile
        }
    }
}
