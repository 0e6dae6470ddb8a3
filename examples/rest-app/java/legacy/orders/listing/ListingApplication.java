package legacy.orders.listing;

import dev.kickout.KickoutResources;
import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;
import java.util.HashSet;
import java.util.Set;
import legacy.orders.KioskResource;
import legacy.orders.OrderErrors;
import legacy.orders.OrderFailures;
import legacy.orders.OrderResource;

/** The host's REST application that lists its classes: one line for Kickout. */
@ApplicationPath("api")
public class ListingApplication extends Application {

    @Override
    public Set<Class<?>> getClasses() {
        Set<Class<?>> classes = new HashSet<>(Set.of(OrderResource.class, KioskResource.class, OrderErrors.class,
                OrderFailures.class));
        classes.addAll(KickoutResources.hostProviders());
        return classes;
    }
}
