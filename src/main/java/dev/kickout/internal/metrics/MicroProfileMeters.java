package dev.kickout.internal.metrics;

import jakarta.enterprise.inject.spi.AnnotatedField;
import jakarta.enterprise.inject.spi.BeanManager;
import jakarta.enterprise.inject.spi.CDI;
import jakarta.enterprise.inject.spi.InjectionPoint;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;
import org.eclipse.microprofile.metrics.Counter;
import org.eclipse.microprofile.metrics.Metadata;
import org.eclipse.microprofile.metrics.MetricRegistry;
import org.eclipse.microprofile.metrics.MetricUnits;
import org.eclipse.microprofile.metrics.Tag;
import org.eclipse.microprofile.metrics.Timer;

/**
 * MicroProfile Metrics 5 (Payara 6: the application registry, exported at {@code /metrics} with
 * {@code mp_scope="application"}). Loaded only after {@link MeterBinding} found its classes. Its
 * timers export as summaries (quantiles, count, sum), not as bucketed histograms.
 */
final class MicroProfileMeters implements Meters {

    private final MetricRegistry registry;
    private final Map<String, Counter> counters = new ConcurrentHashMap<>();
    private final Map<String, Timer> timers = new ConcurrentHashMap<>();

    private MicroProfileMeters(MetricRegistry registry) {
        this.registry = registry;
    }

    /**
     * The application's registry, if the server's CDI offers one. Payara 6.2025.10 quirk: its
     * {@code MetricRegistry} producer reads the injection point's annotations and fails (NPE) for a
     * programmatic {@code CDI.current().select(...)}, which has none; so the lookup names a real
     * injection point, {@link Target#registry}.
     */
    static Optional<Meters> lookUp() {
        BeanManager beans = CDI.current().getBeanManager();
        if (beans.getBeans(MetricRegistry.class).isEmpty()) {
            return Optional.empty();
        }
        AnnotatedField<? super Target> field = beans.createAnnotatedType(Target.class).getFields().iterator().next();
        InjectionPoint point = beans.createInjectionPoint(field);
        MetricRegistry registry = (MetricRegistry) beans.getInjectableReference(point, beans.createCreationalContext(null));
        return Optional.of(new MicroProfileMeters(registry));
    }

    /** Only describes the injection point of {@link #lookUp}; never instantiated, not a bean. */
    static final class Target {
        @Inject
        MetricRegistry registry;

        private Target() {
        }
    }

    @Override
    public void count(String name, String description, long amount, String... tags) {
        counters.computeIfAbsent(MicrometerMeters.key(name, tags),
                k -> registry.counter(metadata(name, description), tags(tags))).inc(amount);
    }

    @Override
    public void time(String name, String description, Duration took, String... tags) {
        timers.computeIfAbsent(MicrometerMeters.key(name, tags),
                k -> registry.timer(Metadata.builder().withName(name).withDescription(description)
                        .withUnit(MetricUnits.SECONDS).build(), tags(tags))).update(took);
    }

    @Override
    public void gauge(String name, String description, Supplier<Number> value, String... tags) {
        registry.gauge(metadata(name, description), value, Supplier::get, tags(tags));
    }

    @Override
    public String describe() {
        return "MicroProfile Metrics (" + registry.getClass().getSimpleName() + ")";
    }

    private static Metadata metadata(String name, String description) {
        return Metadata.builder().withName(name).withDescription(description).build();
    }

    private static Tag[] tags(String... pairs) {
        Tag[] tags = new Tag[pairs.length / 2];
        for (int i = 0; i < tags.length; i++) {
            tags[i] = new Tag(pairs[2 * i], pairs[2 * i + 1]);
        }
        return tags;
    }
}
