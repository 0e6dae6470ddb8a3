package dev.kickout.it.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import java.util.stream.Stream;

/** Small helpers of the topology support: polling a condition with a deadline, deleting a run's directory. */
final class Poll {

    private static final long INTERVAL_MS = 100;

    private Poll() {
    }

    /**
     * Checks the condition every 100 ms until it holds; past the deadline fails with the description
     * (evaluated then, so it can show the last state seen). Exceptions of a check count as "not yet",
     * except {@link IllegalStateException}, which ends the wait at once (e.g. a process that exited).
     */
    static void until(Duration max, Supplier<String> description, BooleanSupplier condition) {
        long deadline = System.nanoTime() + max.toNanos();
        RuntimeException last = null;
        while (true) {
            try {
                if (condition.getAsBoolean()) {
                    return;
                }
            } catch (IllegalStateException e) {
                throw e;
            } catch (RuntimeException e) {
                last = e;
            }
            if (System.nanoTime() - deadline > 0) {
                IllegalStateException timeout = new IllegalStateException("Timed out after " + max + " waiting for " + description.get());
                if (last != null) {
                    timeout.addSuppressed(last);
                }
                throw timeout;
            }
            try {
                Thread.sleep(INTERVAL_MS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("Interrupted waiting for " + description.get(), e);
            }
        }
    }

    static void deleteTree(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
