package dev.kickout.internal.outbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class FollowUpsTest {

    @Test
    void aFailingStepStopsNoOtherAndKeepsTheEntry() {
        FollowUps followUps = new FollowUps("entry-1", null);
        List<String> ran = new ArrayList<>();
        followUps.run("index", () -> ran.add("index"));
        followUps.run("audit", () -> {
            throw new IllegalStateException("sink down");
        });
        followUps.run("push", () -> ran.add("push"));
        assertEquals(List.of("index", "push"), ran);
        assertFalse(followUps.allDone(), "not acknowledged: a drainer delivers it again");
    }

    @Test
    void allStepsDoneAcknowledges() {
        FollowUps followUps = new FollowUps("entry-2", null);
        followUps.run("index", () -> { });
        assertTrue(followUps.allDone());
    }
}
