package dev.kickout.internal.lock;

import dev.kickout.spi.LockTokenSource;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.Priority;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.interceptor.InvocationContext;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/** Asks the {@link LockTokenSource}s, lowest {@link Priority} first, for a guarded call's lock token. */
@ApplicationScoped
class LockTokens {

    @Inject
    @Any
    Instance<LockTokenSource> found;

    private List<LockTokenSource> sources;

    @PostConstruct
    void order() {
        sources = found.handlesStream()
                .sorted(Comparator.comparingInt(handle -> priority(handle.getBean().getBeanClass())))
                .map(Instance.Handle::get).toList();
    }

    /** A source's {@link Priority}; one without is asked after every one with. */
    static int priority(Class<?> source) {
        Priority priority = source.getAnnotation(Priority.class);
        return priority == null ? Integer.MAX_VALUE : priority.value();
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
