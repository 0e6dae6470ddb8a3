package dev.kickout.internal.lock;

import java.time.Instant;
import java.util.List;

/**
 * A freed lock reserved for the first in its queue: that session, until when, and the rest of the
 * queue in order (each told its new place).
 */
record Turn(String sessionId, Instant until, List<String> waiting) {

    /** The turn a script answered from {@code from} on ({@code RESERVED, sessionId, until, waiting...}), or null ({@code FREE}). */
    static Turn parse(List<Object> raw, int from) {
        if (raw.size() <= from + 2 || !"RESERVED".equals(raw.get(from))) {
            return null;
        }
        return new Turn((String) raw.get(from + 1), Instant.ofEpochMilli(Long.parseLong((String) raw.get(from + 2))),
                raw.subList(from + 3, raw.size()).stream().map(String.class::cast).toList());
    }
}
