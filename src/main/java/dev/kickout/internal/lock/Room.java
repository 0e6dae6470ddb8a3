package dev.kickout.internal.lock;

import dev.kickout.LockView;
import java.util.List;

/**
 * A record as the pages that show it see it: the lock (as {@code GET /locks/{type}/{id}} shows it to
 * the caller) or its reservation, the caller's place in the queue, who has it open, and how often a
 * page should say it is still there ({@code heartbeatSeconds}, the type's heartbeat).
 */
public record Room(String type, String id, LockView lock, Reservation reservedFor, Place place, List<Viewer> viewers,
                   int heartbeatSeconds) {
}
