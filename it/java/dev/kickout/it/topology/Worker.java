package dev.kickout.it.topology;

import java.util.concurrent.atomic.AtomicBoolean;

/** A load loop of a drill: runs until told to stop, bounded in rounds whatever happens. */
abstract class Worker implements Runnable {

    private static final int MAX_ROUNDS = 20_000;
    /** After a refusal: the store answers 503 at once while it fails over, and a tight loop would only burn CPU. */
    private static final long PAUSE_MILLIS = 50;

    private final AtomicBoolean stop;

    Worker(AtomicBoolean stop) {
        this.stop = stop;
    }

    @Override
    public final void run() {
        for (int round = 0; round < MAX_ROUNDS && !stopped(); round++) {
            round(round);
        }
    }

    /** One round of work; answers are recorded by the implementation. */
    abstract void round(int round);

    final boolean stopped() {
        return stop.get() || Thread.currentThread().isInterrupted();
    }

    final void pause() {
        try {
            Thread.sleep(PAUSE_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
