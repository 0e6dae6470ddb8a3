package dev.kickout.it.host.bare;

import dev.kickout.KickoutResources;
import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;
import java.util.Set;

/** A host Application that lists the module's endpoint classes and none of its providers. */
@ApplicationPath("api")
public class BareApplication extends Application {

    @Override
    public Set<Class<?>> getClasses() {
        return KickoutResources.resources();
    }
}
