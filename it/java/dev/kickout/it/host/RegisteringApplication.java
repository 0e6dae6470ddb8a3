package dev.kickout.it.host;

import dev.kickout.KickoutResources;
import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;
import java.util.HashSet;
import java.util.Set;

/** A host Application that serves the module's endpoints itself, beside its own. */
@ApplicationPath("api")
public class RegisteringApplication extends Application {

    @Override
    public Set<Class<?>> getClasses() {
        Set<Class<?>> classes = new HashSet<>(KickoutResources.classes());
        classes.add(HostResource.class);
        return classes;
    }
}
