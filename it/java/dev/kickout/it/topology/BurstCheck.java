package dev.kickout.it.topology;

import dev.kickout.it.http.Api;
import dev.kickout.it.http.Reply;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What one burst of parallel logins of one user must leave behind under a policy that keeps
 * {@code allowed} sessions and never refuses a login by policy: kept cheap (about six requests per
 * burst) so that 100 bursts of 200 logins fit in minutes. The admin listing shows exactly
 * {@code allowed} sessions; the {@code replaced} lists of the login answers account for every
 * session alive before the burst or opened by it (alive after it, or named by exactly one login);
 * listed tokens work on the other instance and replaced ones answer 401 {@code REPLACED}. A login
 * answered 503 (no replica confirmed it in time) is allowed: it may be in force, so at most that
 * many sessions may be alive or replaced that no answer named, and sessions it replaced, which no
 * answer names, must answer {@code REPLACED}, and at most {@code maxUnconfirmed} of a burst's logins
 * may answer so.
 *
 * <p>Survivors are the newest: every session alive after the burst was opened by it, and none of the
 * burst's sessions that were replaced logged in after a survivor (Redis's {@code loginTime}, in ms:
 * sessions of the same millisecond are ordered by id, so only a strictly later replaced one is wrong).
 * A policy that evicted the newest, or kept an older session over the burst's, fails here.
 */
final class BurstCheck {

    private static final int SAMPLED_REPLACED = 2;

    private final String user;
    private final int allowed;
    private final String admin;
    private final int maxUnconfirmed;
    private final List<String> violations = new ArrayList<>();
    private int unconfirmed;
    /** Tokens of the sessions alive after the previous burst, where its answers named them. */
    private final Map<String, String> tokens = new HashMap<>();

    BurstCheck(String user, int allowed, String admin, int maxUnconfirmed) {
        this.user = user;
        this.allowed = allowed;
        this.admin = admin;
        this.maxUnconfirmed = maxUnconfirmed;
    }

    List<String> violations() {
        return violations;
    }

    /** Logins answered 503 because no replica confirmed them in time (allowed; their sessions may exist). */
    int unconfirmed() {
        return unconfirmed;
    }

    /** Checks one burst; returns the sessions alive after it (the admin listing's). */
    Set<String> verify(int burst, Set<String> aliveBefore, List<Reply> logins, Api listOn, Api probeOn) {
        Map<String, String> opened = new HashMap<>();
        Map<String, Instant> loginTimes = new HashMap<>();
        List<String> replaced = new ArrayList<>();
        int refused = 0;
        for (Reply login : logins) {
            if (login.status() == 503 && "STORE_UNAVAILABLE".equals(login.code())) {
                refused++; // not confirmed by a replica in time: it may be in force, so it may be named below
                continue;
            }
            if (login.status() != 200) {
                violation(burst, "a login answered " + login.status() + " " + login.body());
                continue;
            }
            JsonObject body = login.json();
            JsonObject session = body.getJsonObject("session");
            opened.put(session.getString("sessionId"), body.getString("token"));
            loginTimes.put(session.getString("sessionId"), Instant.parse(session.getString("loginTime")));
            body.getJsonArray("replaced").getValuesAs(JsonString.class).forEach(id -> replaced.add(id.getString()));
        }
        unconfirmed += refused;
        expect(burst, refused <= maxUnconfirmed, "logins answered 503: " + refused + ", at most " + maxUnconfirmed);
        Reply listing = listOn.get("admin/sessions?userId=" + user + "&limit=500", admin);
        if (listing.status() != 200) {
            violation(burst, "the listing answered " + listing.status() + " " + listing.body());
            return aliveBefore;
        }
        Set<String> alive = new HashSet<>();
        Instant oldestSurvivor = Instant.MAX;
        for (JsonObject s : listing.json().getJsonArray("items").getValuesAs(JsonObject.class)) {
            alive.add(s.getString("sessionId"));
            Instant loginTime = Instant.parse(s.getString("loginTime"));
            oldestSurvivor = loginTime.isBefore(oldestSurvivor) ? loginTime : oldestSurvivor;
        }
        expect(burst, Collections.disjoint(alive, aliveBefore), "a session from before the burst survived it");
        Instant survivorsFrom = oldestSurvivor;
        loginTimes.entrySet().stream().filter(e -> !alive.contains(e.getKey()) && e.getValue().isAfter(survivorsFrom))
                .findFirst().ifPresent(e -> violation(burst, "a session replaced by the burst logged in at " + e.getValue()
                        + ", after the oldest survivor (" + survivorsFrom + ")"));
        Set<String> known = new HashSet<>(aliveBefore);
        known.addAll(opened.keySet());
        Set<String> gone = new HashSet<>(replaced);
        Set<String> accounted = new HashSet<>(alive);
        accounted.addAll(gone);
        Set<String> unknown = new HashSet<>(accounted);
        unknown.removeAll(known);
        expect(burst, alive.size() == allowed && listing.json().getInt("total") == allowed,
                "alive " + alive.size() + " (total " + listing.json().getInt("total") + "), allowed " + allowed);
        expect(burst, gone.size() == replaced.size(), "a session was reported replaced twice");
        expect(burst, Collections.disjoint(gone, alive), "a session reported replaced is alive");
        Set<String> unaccounted = new HashSet<>(known);
        unaccounted.removeAll(accounted);
        for (String id : unaccounted) {
            // a login answered 503 may still have replaced sessions, which then no answer names
            String token = tokens.containsKey(id) ? tokens.get(id) : opened.get(id);
            expect(burst, refused > 0 && (token == null || answersReplaced(probeOn.get("auth/status", token))),
                    "a session is neither alive nor reported replaced (logins answered 503: " + refused + ")");
        }
        expect(burst, unknown.size() <= refused, "sessions of unknown logins: " + unknown.size() + ", logins answered 503: "
                + refused);
        for (String id : alive) {
            expect(burst, !opened.containsKey(id) || probeOn.get("auth/status", opened.get(id)).status() == 200,
                    "a listed session's token is refused");
        }
        opened.keySet().stream().filter(id -> !alive.contains(id)).limit(SAMPLED_REPLACED).forEach(id -> {
            Reply status = probeOn.get("auth/status", opened.get(id));
            expect(burst, answersReplaced(status), "a replaced token answers " + status.status() + " " + status.body());
        });
        tokens.clear();
        alive.stream().filter(opened::containsKey).forEach(id -> tokens.put(id, opened.get(id)));
        return alive;
    }

    private static boolean answersReplaced(Reply status) {
        return status.status() == 401 && "REPLACED".equals(status.code());
    }

    private void expect(int burst, boolean holds, String otherwise) {
        if (!holds) {
            violation(burst, otherwise);
        }
    }

    private void violation(int burst, String what) {
        violations.add("burst " + burst + ": " + what);
    }
}
