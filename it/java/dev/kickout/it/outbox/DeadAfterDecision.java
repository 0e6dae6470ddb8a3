package dev.kickout.it.outbox;

import dev.kickout.internal.outbox.DecisionFault;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Alternative;
import jakarta.interceptor.Interceptor;

/** This instance plays one that dies right after each decision: no follow-ups, no draining. */
@ApplicationScoped
@Alternative
@Priority(Interceptor.Priority.APPLICATION)
public class DeadAfterDecision extends DecisionFault {

    @Override
    public boolean on() {
        return true;
    }
}
