package dev.kickout.it.session;

import dev.kickout.KickoutResources;
import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;
import java.util.Set;

/** A legacy app's own REST application serving the module's endpoints ({@code kickout.rest.own-application=false}). */
@ApplicationPath("app-api")
public class ModuleInHostApplication extends Application {

    @Override
    public Set<Class<?>> getClasses() {
        return KickoutResources.classes();
    }
}
