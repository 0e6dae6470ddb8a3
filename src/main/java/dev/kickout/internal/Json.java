package dev.kickout.internal;

import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.json.bind.Jsonb;
import jakarta.json.bind.JsonbBuilder;
import jakarta.json.bind.JsonbConfig;
import jakarta.json.bind.JsonbException;
import java.lang.reflect.Type;

/**
 * The module's one JSON-B instance: REST bodies, problem bodies and the records kept in Redis.
 * Null members are written out, so {@code "by": null} reads as "no actor", not "unknown".
 */
@ApplicationScoped
public class Json {

    private final Jsonb jsonb = JsonbBuilder.create(new JsonbConfig().withNullValues(true));

    public Jsonb jsonb() {
        return jsonb;
    }

    public String write(Object value) {
        return jsonb.toJson(value);
    }

    /** Reads a value the module wrote itself; a failure here is a bug, not bad input. */
    public <T> T read(String json, Type type) {
        try {
            return jsonb.fromJson(json, type);
        } catch (JsonbException e) {
            throw new IllegalStateException("Unreadable stored record: " + e.getMessage(), e);
        }
    }

    @PreDestroy
    void close() {
        try {
            jsonb.close();
        } catch (Exception e) {
            throw new IllegalStateException("Cannot close JSON-B", e);
        }
    }
}
