package dev.kickout.it.audit;

import dev.kickout.it.http.Api;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** Reads {@code /admin/audit} as a client would: every page, following {@code before} and {@code next}. */
final class AuditPages {

    private AuditPages() {
    }

    /** All entries matching {@code filters} (e.g. {@code "action=FORCE_LOGOUT"}), newest first, within maxRequests. */
    static List<JsonObject> all(Api api, String admin, String filters, int maxRequests) {
        List<JsonObject> entries = new ArrayList<>();
        String before = null;
        for (int request = 0; request < maxRequests; request++) {
            JsonObject page = api.get("admin/audit?limit=500" + (filters.isEmpty() ? "" : "&" + filters)
                    + (before == null ? "" : "&before=" + before), admin).assertOk(200);
            List<JsonObject> items = page.getJsonArray("items").stream().map(JsonValue::asJsonObject).toList();
            entries.addAll(items);
            String next = page.containsKey("next") && !page.isNull("next") ? page.getString("next") : null;
            if (next != null) {
                before = next;
            } else if (items.size() == 500) {
                before = items.get(items.size() - 1).getString("id");
            } else {
                return entries;
            }
        }
        throw new AssertionError("audit listing did not end within " + maxRequests + " requests");
    }

    static String param(String name, String value) {
        return name + "=" + URLEncoder.encode(value, StandardCharsets.UTF_8);
    }
}
