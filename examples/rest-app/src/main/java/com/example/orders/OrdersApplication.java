package com.example.orders;

import dev.kickout.KickoutResources;
import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;
import java.util.HashSet;
import java.util.Set;

/**
 * The app's REST root. It lists its classes, so it adds Kickout's one: the mapper that answers the module's
 * refusals raised inside these resources (423 {@code LOCK_HELD}, 409 {@code LOCK_LOST}, 401, 503) as
 * problem+json. An Application that lists nothing (scans) finds that mapper by itself.
 */
@ApplicationPath("api")
public class OrdersApplication extends Application {

    @Override
    public Set<Class<?>> getClasses() {
        Set<Class<?>> classes = new HashSet<>(Set.of(OrderResource.class, KioskResource.class, AppErrors.class,
                AppFailures.class));
        classes.addAll(KickoutResources.hostProviders());
        return classes;
    }
}
