package dev.kickout.internal.session;

import java.util.List;

/**
 * Which request paths the token filter guards: {@code kickout.filter.include} minus {@code .exclude}.
 * The filter asks on every request of the host, guarded or not, so the patterns are taken apart once.
 */
final class PathRules {

    /** {@code /a/*} matches {@code /a} and everything under {@code /a/}; any other pattern only itself. */
    private record Rule(String path, String under) {

        static Rule of(String pattern) {
            return pattern.endsWith("/*")
                    ? new Rule(pattern.substring(0, pattern.length() - 2), pattern.substring(0, pattern.length() - 1))
                    : new Rule(pattern, null);
        }

        boolean matches(String requestPath) {
            return requestPath.equals(path) || under != null && requestPath.startsWith(under);
        }
    }

    private final List<Rule> include;
    private final List<Rule> exclude;

    PathRules(List<String> include, List<String> exclude) {
        this.include = include.stream().map(Rule::of).toList();
        this.exclude = exclude.stream().map(Rule::of).toList();
    }

    boolean guards(String path) {
        return matchesAny(include, path) && !matchesAny(exclude, path);
    }

    private static boolean matchesAny(List<Rule> rules, String path) {
        for (Rule rule : rules) {
            if (rule.matches(path)) {
                return true;
            }
        }
        return false;
    }
}
