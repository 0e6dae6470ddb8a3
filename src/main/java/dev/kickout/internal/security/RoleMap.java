package dev.kickout.internal.security;

import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The module's roles as the host's groups ({@code kickout.container-security.role-map}, e.g.
 * {@code admin=ops-admins,user=staff}). A role may repeat to give several groups; a role the map
 * does not name passes through under its own name.
 */
record RoleMap(Map<String, Set<String>> groups) {

    private static final Pattern NAME = Pattern.compile("[^\\s=,]{1,128}");

    static RoleMap parse(String setting) {
        Map<String, Set<String>> groups = new LinkedHashMap<>();
        for (String pair : setting.split(",")) {
            if (pair.isBlank()) {
                continue;
            }
            String[] parts = pair.split("=", -1);
            if (parts.length != 2 || !NAME.matcher(parts[0].trim()).matches() || !NAME.matcher(parts[1].trim()).matches()) {
                throw new IllegalArgumentException("'" + pair.trim() + "' is not role=group");
            }
            groups.computeIfAbsent(parts[0].trim(), r -> new LinkedHashSet<>()).add(parts[1].trim());
        }
        return new RoleMap(Map.copyOf(groups));
    }

    /** The host groups for a session's roles. */
    Set<String> map(Set<String> roles) {
        Set<String> mapped = new LinkedHashSet<>();
        for (String role : roles) {
            mapped.addAll(groups.getOrDefault(role, Set.of(role)));
        }
        return mapped;
    }
}
