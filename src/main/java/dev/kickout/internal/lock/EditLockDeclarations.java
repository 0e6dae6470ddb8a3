package dev.kickout.internal.lock;

import dev.kickout.LockToken;
import dev.kickout.RequiresEditLock;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.spi.AfterBeanDiscovery;
import jakarta.enterprise.inject.spi.AnnotatedMethod;
import jakarta.enterprise.inject.spi.Extension;
import jakarta.enterprise.inject.spi.ProcessAnnotatedType;
import jakarta.enterprise.inject.spi.WithAnnotations;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Fails the deployment when a {@link RequiresEditLock} names no usable id parameter, or its
 * {@link LockToken} parameter is not a single {@code String}; remembers the lock types the
 * declarations name, which are declared lock types ({@link LockGate}) without further configuration.
 */
public class EditLockDeclarations implements Extension {

    private final List<IllegalStateException> errors = new ArrayList<>();
    private final Set<String> types = new TreeSet<>();

    <T> void check(@Observes @WithAnnotations(RequiresEditLock.class) ProcessAnnotatedType<T> type) {
        for (AnnotatedMethod<? super T> method : type.getAnnotatedType().getMethods()) {
            RequiresEditLock spec = method.getAnnotation(RequiresEditLock.class);
            if (spec != null) {
                if (!spec.type().isEmpty()) {
                    types.add(spec.type());
                }
                try {
                    IdParameter.of(method.getJavaMember(), spec);
                    LockTokenParameter.position(method.getJavaMember());
                } catch (IllegalStateException e) {
                    errors.add(e);
                }
            }
        }
    }

    /** The lock types named by the deployment's {@link RequiresEditLock} declarations. */
    Set<String> types() {
        return Set.copyOf(types);
    }

    void report(@Observes AfterBeanDiscovery discovery) {
        errors.forEach(discovery::addDefinitionError);
    }
}
