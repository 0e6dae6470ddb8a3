package dev.kickout.internal.rest;

import java.util.Map;
import java.util.Set;
import org.eclipse.microprofile.config.spi.ConfigSource;

/**
 * Names the module's OpenAPI filter ({@code mp.openapi.filter=dev.kickout.OpenApiFilter}) as a default of the
 * lowest ordinal, so that the shared problem answers are in the document without a setting; any
 * {@code mp.openapi.filter} of the host's wins (its filter then calls {@code OpenApiFilter.filter}).
 */
public class OpenApiDefaults implements ConfigSource {

    private static final Map<String, String> VALUES = Map.of("mp.openapi.filter", "dev.kickout.OpenApiFilter");

    @Override
    public Set<String> getPropertyNames() {
        return VALUES.keySet();
    }

    @Override
    public String getValue(String propertyName) {
        return VALUES.get(propertyName);
    }

    @Override
    public String getName() {
        return "kickout-defaults";
    }

    @Override
    public int getOrdinal() {
        return 1;
    }
}
