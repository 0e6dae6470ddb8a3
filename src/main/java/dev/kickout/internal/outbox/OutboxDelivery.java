package dev.kickout.internal.outbox;

/**
 * A feature's follow-ups of one kind of decision, rebuilt from an outbox entry. A CDI bean; the
 * drainer finds it by {@link #kind()}. Every follow-up must be harmless when repeated: an entry is
 * delivered at least once.
 */
public interface OutboxDelivery {

    /** The entry kind this delivery rebuilds, as its script writes it. */
    String kind();

    /** Runs the entry's follow-ups, each through {@code followUps} so that one failing stops no other. */
    void deliver(OutboxEntry entry, FollowUps followUps);
}
