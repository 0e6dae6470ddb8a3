package dev.kickout.internal.metrics;

import java.util.Optional;

/**
 * Finds the registry the server offers: Micrometer first (WildFly 39), then MicroProfile Metrics
 * (Payara 6), else none. A binder class is only loaded once the API it uses is known to be on the
 * deployment's class path, so a server without that API never meets a class that names it.
 */
final class MeterBinding {

    private static final String MICROMETER = "io.micrometer.core.instrument.MeterRegistry";
    private static final String MICROPROFILE = "org.eclipse.microprofile.metrics.MetricRegistry";

    private MeterBinding() {
    }

    static Meters find() {
        Optional<Meters> found = present(MICROMETER) ? MicrometerMeters.lookUp() : Optional.empty();
        if (found.isEmpty() && present(MICROPROFILE)) {
            found = MicroProfileMeters.lookUp();
        }
        return found.orElse(Meters.NONE);
    }

    private static boolean present(String className) {
        try {
            Class.forName(className, false, MeterBinding.class.getClassLoader());
            return true;
        } catch (ClassNotFoundException | LinkageError e) {
            return false;
        }
    }
}
