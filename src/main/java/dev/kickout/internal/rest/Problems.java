package dev.kickout.internal.rest;

import dev.kickout.KickoutException;
import dev.kickout.ProblemCode;
import dev.kickout.internal.LogId;
import dev.kickout.internal.LogText;
import dev.kickout.internal.config.KickoutConfig;
import dev.kickout.internal.i18n.Languages;
import dev.kickout.internal.i18n.Text;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.Logger;

/** RFC 9457 problem bodies and the headers that go with them (401 challenge, 503 Retry-After). */
public final class Problems {

    public static final String MEDIA_TYPE = "application/problem+json";
    public static final String CHALLENGE = "Bearer error=\"invalid_token\"";

    private static final Logger LOG = Logger.getLogger(Problems.class.getName());

    private Problems() {
    }

    public static Map<String, Object> body(int status, String code, String detail, Map<String, Object> extras) {
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("type", "https://kickout.dev/problems/" + code.toLowerCase(Locale.ROOT).replace('_', '-'));
        body.put("title", title(status));
        body.put("status", status);
        body.put("code", code);
        body.put("detail", detail);
        body.putAll(extras);
        return body;
    }

    /** The problem body of {@code e}, its detail in {@code language}. */
    public static Map<String, Object> body(KickoutException e, Locale language) {
        return body(e.status(), e.code(), e.detail(language), e.extras());
    }

    /** The language a request's problem details are written in, from its {@code Accept-Language}. */
    public static Locale language(HttpServletRequest request) {
        return Languages.of(request.getHeader(HttpHeaders.ACCEPT_LANGUAGE));
    }

    /** A JAX-RS response for {@code e}, headers included, its detail in {@code language}. */
    public static Response response(KickoutException e, KickoutConfig config, Locale language) {
        Response.ResponseBuilder response = Response.status(e.status()).type(MEDIA_TYPE).entity(body(e, language));
        if (e.status() == 401) {
            response.header("WWW-Authenticate", CHALLENGE);
        }
        Long retryAfter = retryAfterSeconds(e, config);
        if (retryAfter != null) {
            response.header("Retry-After", retryAfter);
        }
        return response.build();
    }

    /** Seconds for {@code Retry-After}: the refusal's own, the store's for a 503, else none. */
    static Long retryAfterSeconds(KickoutException e, KickoutConfig config) {
        if (e.retryAfter() != null) {
            return Math.max(1, (e.retryAfter().toMillis() + 999) / 1000);
        }
        return e.status() == 503 ? config.redis().retryAfter().toSeconds() : null;
    }

    /** Logs an unexpected failure under a fresh incident id and answers the 500 problem naming it. */
    public static KickoutException unexpected(RuntimeException e) {
        String incident = UUID.randomUUID().toString();
        LOG.log(Level.SEVERE, LogId.REQUEST_FAILED.message("request failed, incident " + incident), LogText.safe(e));
        return new KickoutException(ProblemCode.INTERNAL_ERROR, Text.of("internal.incident", incident));
    }

    static String title(int status) {
        Response.Status known = Response.Status.fromStatusCode(status);
        return known != null ? known.getReasonPhrase() : status == 423 ? "Locked" : status == 429 ? "Too Many Requests" : "Error";
    }
}
