package dev.kickout.internal.config;

import java.lang.reflect.Method;
import java.util.Locale;
import java.util.Optional;

/**
 * Reads raw values: MicroProfile Config when the server has it (Payara always, WildFly with the
 * microprofile-config layer), else system properties, then environment variables
 * ({@code kickout.session.ttl} → {@code KICKOUT_SESSION_TTL}).
 *
 * <p>MicroProfile Config is looked up reflectively so that the module also deploys on a server
 * without it; a {@code @ConfigProperty} injection would fail the deployment there (WELD-001408).
 */
final class ConfigLookup {

    private final Object mpConfig;
    private final Method getOptionalValue;

    ConfigLookup(ClassLoader loader) {
        Object config = null;
        Method method = null;
        try {
            Class<?> provider = Class.forName("org.eclipse.microprofile.config.ConfigProvider", true, loader);
            config = provider.getMethod("getConfig", ClassLoader.class).invoke(null, loader);
            method = Class.forName("org.eclipse.microprofile.config.Config", true, loader)
                    .getMethod("getOptionalValue", String.class, Class.class);
        } catch (ReflectiveOperationException | LinkageError | IllegalStateException e) {
            config = null;
            method = null;
        }
        this.mpConfig = config;
        this.getOptionalValue = method;
    }

    Optional<String> get(String key) {
        if (mpConfig != null) {
            try {
                Optional<?> value = (Optional<?>) getOptionalValue.invoke(mpConfig, key, String.class);
                return value.map(Object::toString);
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("Cannot read " + key + " from MicroProfile Config", e);
            }
        }
        String value = System.getProperty(key);
        if (value == null) {
            value = System.getenv(key.toUpperCase(Locale.ROOT).replace('.', '_').replace('-', '_'));
        }
        return Optional.ofNullable(value);
    }

    /** The names of every property starting with {@code prefix} (MicroProfile Config's, else system properties'). */
    java.util.Set<String> names(String prefix) {
        java.util.Set<String> names = new java.util.TreeSet<>();
        if (mpConfig != null) {
            try {
                Iterable<?> all = (Iterable<?>) mpConfig.getClass().getMethod("getPropertyNames").invoke(mpConfig);
                all.forEach(name -> {
                    if (name.toString().startsWith(prefix)) {
                        names.add(name.toString());
                    }
                });
                return names;
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("Cannot list MicroProfile Config's properties", e);
            }
        }
        System.getProperties().stringPropertyNames().stream().filter(name -> name.startsWith(prefix)).forEach(names::add);
        return names;
    }

    boolean usesMicroProfileConfig() {
        return mpConfig != null;
    }
}
