package dev.kickout.rest;

import dev.kickout.Json;
import jakarta.inject.Inject;
import jakarta.json.bind.Jsonb;
import jakarta.ws.rs.ext.ContextResolver;
import jakarta.ws.rs.ext.Provider;

/** Makes JAX-RS use the module's JSON-B configuration. */
@Provider
public class JsonbResolver implements ContextResolver<Jsonb> {

    @Inject
    Json json;

    @Override
    public Jsonb getContext(Class<?> type) {
        return json.jsonb();
    }
}
