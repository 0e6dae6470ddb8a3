package com.example.notes;

import dev.kickout.KickoutResources;
import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;
import java.util.HashSet;
import java.util.Set;

/**
 * This app's REST API at {@code /api}, beside Kickout's own at {@code /kickout/api}. Kickout's token filter
 * guards it ({@code kickout.filter.include=/api/*}), so every call here comes from a signed-in session.
 */
@ApplicationPath("api")
public class NotesApplication extends Application {

    @Override
    public Set<Class<?>> getClasses() {
        Set<Class<?>> classes = new HashSet<>(Set.of(NoteResource.class, MeResource.class));
        // Kickout's refusals raised in the guarded save (423 LOCK_HELD, 409 LOCK_LOST, 401) as problem+json
        classes.addAll(KickoutResources.hostProviders());
        // and this API's own errors the same way (400 for an unreadable body, 404, 405, 415, no stack traces),
        // so the page reads one kind of error body
        classes.addAll(KickoutResources.errorProviders());
        return classes;
    }
}
