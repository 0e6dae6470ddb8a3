package dev.kickout.internal.lock;

import dev.kickout.spi.LockTokenSource;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.interceptor.InvocationContext;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.StreamSupport;

/** Asks the {@link LockTokenSource}s in order for a guarded call's lock token. */
@ApplicationScoped
class LockTokens {

    @Inject
    @Any
    Instance<LockTokenSource> found;

    private List<LockTokenSource> sources;

    @PostConstruct
    void order() {
        sources = StreamSupport.stream(found.spliterator(), false)
                .sorted(Comparator.comparingInt(LockTokenSource::order)).toList();
    }

    /** The first token a source finds, or {@code null} (then the check answers LOCK_LOST or LOCK_HELD). */
    String find(InvocationContext call) {
        for (LockTokenSource source : sources) {
            Optional<String> token = source.find(call);
            if (token.isPresent()) {
                return token.get();
            }
        }
        return null;
    }
}
