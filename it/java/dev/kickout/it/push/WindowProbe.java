package dev.kickout.it.push;

import dev.kickout.Kickout;
import dev.kickout.event.StreamOpened;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Test-only bean added to {@link StreamWindowIT}'s WAR. For a marked session, it sends an event
 * with {@link Push#send} inside the window between a new stream's registration and its replay, and
 * then holds that window open until the test has seen the event's live copy arrive on another
 * stream of the session (so the live copy has certainly been handed to this instance's streams).
 */
@ApplicationScoped
@Path("it/window")
public class WindowProbe {

    @Inject
    Kickout kickout;

    private final Map<String, CountDownLatch> marked = new ConcurrentHashMap<>();

    /** The next stream of this session opens with an event sent inside its window. */
    @POST
    @Path("{sessionId}")
    public void mark(@PathParam("sessionId") String sessionId) {
        marked.put(sessionId, new CountDownLatch(1));
    }

    /** Lets the held window close. */
    @POST
    @Path("{sessionId}/go")
    public void go(@PathParam("sessionId") String sessionId) {
        CountDownLatch latch = marked.remove(sessionId);
        if (latch != null) {
            latch.countDown();
        }
    }

    void onOpened(@Observes StreamOpened opened) throws InterruptedException {
        CountDownLatch latch = marked.get(opened.sessionId());
        if (latch != null && latch.getCount() > 0) {
            kickout.send(opened.sessionId(), "IN_WINDOW", Map.of("sessionId", opened.sessionId()));
            latch.await(20, TimeUnit.SECONDS);
        }
    }
}
