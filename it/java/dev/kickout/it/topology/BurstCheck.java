package dev.kickout.it.topology;

import dev.kickout.it.http.Api;
import dev.kickout.it.http.Reply;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What one burst of parallel logins of one user must leave behind under a policy that keeps
 * {@code allowed} sessions and never refuses a login: kept cheap (about six requests per burst)
 * so that 100 bursts of 200 logins fit in minutes. The {@code replaced} lists of the login answers
 * carry the proof: every session alive before the burst or opened by it is either alive after it or
 * named by exactly one login as replaced; the admin listing shows exactly {@code allowed} sessions,
 * all opened by this burst; their tokens work on the other instance, and replaced tokens of the
 * burst answer 401 {@code REPLACED}.
 */
final class BurstCheck {

    private static final int SAMPLED_REPLACED = 2;

    private final String user;
    private final int allowed;
    private final String admin;
    private final List<String> violations = new ArrayList<>();

    BurstCheck(String user, int allowed, String admin) {
        this.user = user;
        this.allowed = allowed;
        this.admin = admin;
    }

    List<String> violations() {
        return violations;
    }

    /** Checks one burst; returns the sessions alive after it (the admin listing's). */
    Set<String> verify(int burst, Set<String> aliveBefore, List<Reply> logins, Api listOn, Api probeOn) {
        Map<String, String> opened = new HashMap<>();
        List<String> replaced = new ArrayList<>();
        for (Reply login : logins) {
            if (login.status() != 200) {
                violation(burst, "a login answered " + login.status() + " " + login.body());
                continue;
            }
            JsonObject body = login.json();
            opened.put(body.getJsonObject("session").getString("sessionId"), body.getString("token"));
            body.getJsonArray("replaced").getValuesAs(JsonString.class).forEach(id -> replaced.add(id.getString()));
        }
        Reply listing = listOn.get("admin/sessions?userId=" + user + "&limit=500", admin);
        if (listing.status() != 200) {
            violation(burst, "the listing answered " + listing.status() + " " + listing.body());
            return aliveBefore;
        }
        Set<String> alive = new HashSet<>();
        listing.json().getJsonArray("items").getValuesAs(JsonObject.class).forEach(s -> alive.add(s.getString("sessionId")));
        Set<String> everyone = new HashSet<>(aliveBefore);
        everyone.addAll(opened.keySet());
        Set<String> gone = new HashSet<>(replaced);
        expect(burst, alive.size() == allowed && listing.json().getInt("total") == allowed,
                "alive " + alive.size() + " (total " + listing.json().getInt("total") + "), allowed " + allowed);
        expect(burst, opened.keySet().containsAll(alive), "a session alive after the burst is older than the burst");
        expect(burst, gone.size() == replaced.size(), "a session was reported replaced twice");
        expect(burst, everyone.containsAll(gone) && Collections.disjoint(gone, alive) && everyone.size() == alive.size() + gone.size(),
                "sessions before + opened = alive + replaced: " + aliveBefore.size() + " + " + opened.size() + " != "
                        + alive.size() + " + " + replaced.size());
        for (String id : alive) {
            expect(burst, opened.containsKey(id) && probeOn.get("auth/status", opened.get(id)).status() == 200,
                    "a listed session's token is refused");
        }
        opened.keySet().stream().filter(id -> !alive.contains(id)).limit(SAMPLED_REPLACED).forEach(id -> {
            Reply status = probeOn.get("auth/status", opened.get(id));
            expect(burst, status.status() == 401 && "REPLACED".equals(status.code()),
                    "a replaced token answers " + status.status() + " " + status.body());
        });
        return alive;
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
