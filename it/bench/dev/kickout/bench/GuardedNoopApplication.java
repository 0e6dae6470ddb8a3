package dev.kickout.bench;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;
import java.util.Set;

/**
 * {@link NoopResource} at {@code /guarded}, which WrkBench puts in {@code kickout.filter.include}: the
 * same no-op as {@link OpenNoopApplication}'s, behind the token filter; beside it {@link RedisReadResource}.
 */
@ApplicationPath("guarded")
public class GuardedNoopApplication extends Application {

    @Override
    public Set<Class<?>> getClasses() {
        return Set.of(NoopResource.class, RedisReadResource.class);
    }
}
