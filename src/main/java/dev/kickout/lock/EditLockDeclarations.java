package dev.kickout.lock;

import jakarta.enterprise.event.Observes;
import jakarta.enterprise.inject.spi.AfterBeanDiscovery;
import jakarta.enterprise.inject.spi.AnnotatedMethod;
import jakarta.enterprise.inject.spi.Extension;
import jakarta.enterprise.inject.spi.ProcessAnnotatedType;
import jakarta.enterprise.inject.spi.WithAnnotations;
import java.util.ArrayList;
import java.util.List;

/**
 * Fails the deployment when a {@link RequiresEditLock} names no usable id parameter, or its
 * {@link LockToken} parameter is not a single {@code String}.
 */
public class EditLockDeclarations implements Extension {

    private final List<IllegalStateException> errors = new ArrayList<>();

    <T> void check(@Observes @WithAnnotations(RequiresEditLock.class) ProcessAnnotatedType<T> type) {
        for (AnnotatedMethod<? super T> method : type.getAnnotatedType().getMethods()) {
            RequiresEditLock spec = method.getAnnotation(RequiresEditLock.class);
            if (spec != null) {
                try {
                    IdParameter.of(method.getJavaMember(), spec);
                    LockTokenParameter.position(method.getJavaMember());
                } catch (IllegalStateException e) {
                    errors.add(e);
                }
            }
        }
    }

    void report(@Observes AfterBeanDiscovery discovery) {
        errors.forEach(discovery::addDefinitionError);
    }
}
