package dev.kickout.internal.outbox;

import jakarta.enterprise.context.ApplicationScoped;

/**
 * Whether this instance plays one that dies right after a decision: off here; a test deployment replaces
 * it (a CDI alternative) to prove that the outbox's drainers deliver what such an instance left undone.
 */
@ApplicationScoped
public class DecisionFault {

    /** Whether this instance stops right after a decision, before its follow-ups. */
    public boolean on() {
        return false;
    }
}
