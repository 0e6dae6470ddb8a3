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

/** Small helpers of the topology support: waiting on processes that may still be (re)starting, deleting a run's directory. */
final class Poll {

    private Poll() {
    }

    /**
     * {@link Wait#until(Duration, Supplier, BooleanSupplier)} for checks against processes that may still be starting
     * or restarting: an exception of a check counts as "not yet" (the last one is attached to the timeout), except
     * {@link IllegalStateException}, which ends the wait at once (e.g. a process that exited).
     */
    static void until(Duration max, Supplier<String> description, BooleanSupplier condition) {
        RuntimeException[] last = {null};
        try {
            Wait.until(max, description, () -> {
                try {
                    return condition.getAsBoolean();
                } catch (IllegalStateException e) {
                    throw e;
                } catch (RuntimeException e) {
                    last[0] = e;
                    return false;
                }
            });
        } catch (AssertionError timeout) {
            if (last[0] != null) {
                timeout.addSuppressed(last[0]);
            }
            throw timeout;
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
