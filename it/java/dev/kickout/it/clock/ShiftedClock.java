package dev.kickout.it.clock;

import dev.kickout.internal.config.ModuleClock;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Alternative;
import jakarta.interceptor.Interceptor;
import java.time.Clock;
import java.time.Duration;
import org.eclipse.microprofile.config.ConfigProvider;

/** This instance's clock shifted by the deployment's {@code it.clock-offset}, so a leftover dependency on it shows up. */
@ApplicationScoped
@Alternative
@Priority(Interceptor.Priority.APPLICATION)
public class ShiftedClock extends ModuleClock {

    private Clock shifted;

    @PostConstruct
    void shift() {
        shifted = Clock.offset(Clock.systemUTC(), ConfigProvider.getConfig(ShiftedClock.class.getClassLoader())
                .getValue("it.clock-offset", Duration.class));
    }

    @Override
    public Clock now() {
        return shifted;
    }
}
