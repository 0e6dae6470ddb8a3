package dev.kickout.internal.rest;

import dev.kickout.InvalidRequestException;
import dev.kickout.internal.Json;
import dev.kickout.internal.i18n.Text;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonException;
import jakarta.json.bind.JsonbException;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.MultivaluedMap;
import jakarta.ws.rs.ext.MessageBodyReader;
import jakarta.ws.rs.ext.MessageBodyWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.annotation.Annotation;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.Map;

/**
 * JSON for the module's own bodies, with the module's JSON-B ({@link Json}), whatever JSON provider the
 * host prefers (RESTEasy picks Jackson when the WAR carries Jackson annotations): the module's types,
 * collections and maps answered by the module's resources, and problem bodies. Anything else is left to
 * the container, so registering the module in a host's own Application changes no host JSON. A body
 * that does not bind is the module's 400 {@code INVALID_REQUEST}. (Two concrete beans on an abstract
 * base, so that the container finds exactly one bean per class.)
 */
public abstract class ModuleJson implements MessageBodyReader<Object>, MessageBodyWriter<Object> {

    private static final String MODULE_PACKAGE = "dev.kickout.";

    @Inject
    Json json;

    /** Whether maps and collections of any type are the module's to write (in its own Application only). */
    abstract boolean allContainers();

    @Override
    public boolean isReadable(Class<?> type, Type genericType, Annotation[] annotations, MediaType mediaType) {
        return moduleType(genericType);
    }

    @Override
    public Object readFrom(Class<Object> type, Type genericType, Annotation[] annotations, MediaType mediaType,
                           MultivaluedMap<String, String> headers, InputStream body) throws IOException {
        String text = new String(body.readAllBytes(), StandardCharsets.UTF_8);
        if (text.isBlank()) {
            return null; // an optional body left out; the resource decides whether it needed one
        }
        try {
            return json.jsonb().fromJson(text, genericType);
        } catch (JsonbException | JsonException e) {
            throw new InvalidRequestException(Text.of("request.body-shape"));
        }
    }

    @Override
    public boolean isWriteable(Class<?> type, Type genericType, Annotation[] annotations, MediaType mediaType) {
        if (moduleType(genericType) || moduleType(type)) {
            return true;
        }
        boolean container = Map.class.isAssignableFrom(type) || Collection.class.isAssignableFrom(type);
        return container && (allContainers() || mediaType.getSubtype().equals("problem+json"));
    }

    @Override
    public void writeTo(Object value, Class<?> type, Type genericType, Annotation[] annotations, MediaType mediaType,
                        MultivaluedMap<String, Object> headers, OutputStream body) throws IOException {
        // through a string: JSON-B closes a stream it writes to, and the container owns this one
        body.write(json.write(value).getBytes(StandardCharsets.UTF_8));
    }

    /** A module class, or a generic type (such as {@code List<LockView>}) with one among its arguments. */
    static boolean moduleType(Type type) {
        if (type instanceof Class<?> c) {
            return c.getName().startsWith(MODULE_PACKAGE);
        }
        if (type instanceof ParameterizedType p) {
            for (Type argument : p.getActualTypeArguments()) {
                if (moduleType(argument)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** For a host's Application: the module's types and problem bodies only. */
    @ApplicationScoped
    @Consumes({MediaType.APPLICATION_JSON, "application/*+json"})
    @Produces({MediaType.APPLICATION_JSON, "application/*+json"})
    public static class ModuleTypes extends ModuleJson {

        @Override
        boolean allContainers() {
            return false;
        }
    }

    /** For the module's own Application (and the reference app's): its maps and lists too. */
    @ApplicationScoped
    @Consumes({MediaType.APPLICATION_JSON, "application/*+json"})
    @Produces({MediaType.APPLICATION_JSON, "application/*+json"})
    public static class AllTypes extends ModuleJson {

        @Override
        boolean allContainers() {
            return true;
        }
    }
}
