// docs/guide/installation.md shows this Application, which serves the module's endpoints itself.
package dev.kickout.docs;

import dev.kickout.KickoutResources;
import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;
import java.util.HashSet;
import java.util.Set;

@ApplicationPath("api")
public class LegacyApplication extends Application {
    @Override
    public Set<Class<?>> getClasses() {
        Set<Class<?>> classes = new HashSet<>(KickoutResources.classes());
        classes.add(OrderResource.class);
        return classes;
    }
}
