package dev.kickout.bench;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;
import java.util.Set;

/** {@link NoopResource} alone at {@code /open}: outside the token filter's scope in every benchmark WAR. */
@ApplicationPath("open")
public class OpenNoopApplication extends Application {

    @Override
    public Set<Class<?>> getClasses() {
        return Set.of(NoopResource.class);
    }
}
