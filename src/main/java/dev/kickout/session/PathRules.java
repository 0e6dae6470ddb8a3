package dev.kickout.session;

import java.util.List;

/** Which request paths the token filter guards: {@code kickout.filter.include} minus {@code .exclude}. */
record PathRules(List<String> include, List<String> exclude) {

    boolean guards(String path) {
        return matchesAny(include, path) && !matchesAny(exclude, path);
    }

    private static boolean matchesAny(List<String> patterns, String path) {
        for (String pattern : patterns) {
            if (pattern.endsWith("/*")) {
                String base = pattern.substring(0, pattern.length() - 2);
                if (path.equals(base) || path.startsWith(base + "/")) {
                    return true;
                }
            } else if (path.equals(pattern)) {
                return true;
            }
        }
        return false;
    }
}
