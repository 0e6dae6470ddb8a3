// docs/guide/existing-app.md shows the line this Application adds for the module's refusals.
package dev.kickout.docs;

import dev.kickout.KickoutResources;
import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;
import java.util.HashSet;
import java.util.Set;

@ApplicationPath("api")
public class OrderApplication extends Application {
    @Override
    public Set<Class<?>> getClasses() {
        Set<Class<?>> classes = new HashSet<>(Set.of(OrderResource.class));
        classes.addAll(KickoutResources.hostProviders());
        return classes;
    }
}
