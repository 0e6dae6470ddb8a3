package dev.kickout.internal.config;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * The edit locks' timings: the global ones ({@code kickout.lock.*}) and, for a type that has any of its own,
 * {@code kickout.lock.type.<type>.<name>} over them. A name that is not a timing fails the deployment.
 */
final class LockTimings {

    static final Pattern LOCK_TYPE = Pattern.compile("[a-z][a-z0-9_-]{0,31}");
    private static final String PREFIX = "kickout.lock.type.";
    private static final List<String> NAMES = List.of("ttl", "heartbeat", "idle-timeout", "idle-warning",
            "reservation", "handover-idle-after");

    private final LockTiming global;
    private final Map<String, LockTiming> byType;

    private LockTimings(LockTiming global, Map<String, LockTiming> byType) {
        this.global = global;
        this.byType = Map.copyOf(byType);
    }

    static LockTimings read(SettingReader reader, LockTiming global, Set<String> declaredTypes) {
        checked(global, "kickout.lock.");
        Set<String> types = new TreeSet<>(declaredTypes);
        for (String name : reader.names(PREFIX)) {
            String rest = name.substring(PREFIX.length());
            int dot = rest.indexOf('.');
            if (dot < 0 || !LOCK_TYPE.matcher(rest.substring(0, dot)).matches() || !NAMES.contains(rest.substring(dot + 1))) {
                throw new IllegalStateException("Kickout configuration: " + name + " is not a setting; expected "
                        + PREFIX + "<type>.<name> with a type matching " + LOCK_TYPE.pattern() + " and a name of " + NAMES);
            }
            types.add(rest.substring(0, dot));
        }
        Map<String, LockTiming> byType = new HashMap<>();
        for (String type : types) {
            String prefix = PREFIX + type + ".";
            Map<String, Duration> own = new HashMap<>();
            for (String name : NAMES) {
                boolean zeroAllowed = name.equals("idle-timeout") || name.equals("handover-idle-after");
                reader.get(prefix + name).ifPresent(value -> own.put(name, SettingReader.convert(prefix + name, value,
                        zeroAllowed ? Converters.DURATION_OR_ZERO : Converters.POSITIVE_DURATION, "")));
            }
            if (!own.isEmpty()) {
                byType.put(type, checked(new LockTiming(own.getOrDefault("ttl", global.ttl()),
                        own.getOrDefault("heartbeat", global.heartbeat()),
                        own.getOrDefault("idle-timeout", global.idleTimeout()),
                        own.getOrDefault("idle-warning", global.idleWarning()),
                        own.getOrDefault("reservation", global.reservation()),
                        own.getOrDefault("handover-idle-after", global.handoverIdleAfter())), prefix));
            }
        }
        return new LockTimings(global, byType);
    }

    LockTiming of(String type) {
        return byType.getOrDefault(type, global);
    }

    Duration ttlMax() {
        return byType.values().stream().map(LockTiming::ttl).reduce(global.ttl(), LockTimings::longer);
    }

    Duration idleWarningMax() {
        return byType.values().stream().map(LockTiming::idleWarning).reduce(global.idleWarning(), LockTimings::longer);
    }

    private static Duration longer(Duration a, Duration b) {
        return a.compareTo(b) >= 0 ? a : b;
    }

    private static LockTiming checked(LockTiming timing, String prefix) {
        if (timing.heartbeat().compareTo(timing.ttl()) >= 0) {
            throw SettingReader.invalid(prefix + "heartbeat", timing.heartbeat().toString(),
                    "a duration shorter than " + prefix + "ttl (" + timing.ttl() + ")");
        }
        if (timing.idleRelease() && timing.idleWarning().compareTo(timing.idleTimeout()) >= 0) {
            throw SettingReader.invalid(prefix + "idle-warning", timing.idleWarning().toString(),
                    "a duration shorter than " + prefix + "idle-timeout (" + timing.idleTimeout() + ")");
        }
        return timing;
    }
}
