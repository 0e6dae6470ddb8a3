package dev.kickout.internal.lock;

import dev.kickout.RequiresEditLock;
import dev.kickout.ResourceRef;
import java.lang.reflect.Method;
import java.lang.reflect.Parameter;

/** Finds which parameter of a {@link RequiresEditLock} method holds the resource id. */
final class IdParameter {

    private IdParameter() {
    }

    /**
     * @return the parameter's position
     * @throws IllegalStateException with a message saying how to fix the declaration
     */
    static int of(Method method, RequiresEditLock spec) {
        String where = method.getDeclaringClass().getName() + "." + method.getName();
        if (!ResourceRef.TYPE.matcher(spec.type()).matches()) {
            throw new IllegalStateException("@RequiresEditLock on " + where + ": type '" + spec.type()
                    + "' must match " + ResourceRef.TYPE.pattern());
        }
        Parameter[] parameters = method.getParameters();
        if (!spec.idParam().isEmpty()) {
            for (int i = 0; i < parameters.length; i++) {
                if (parameters[i].getName().equals(spec.idParam())) {
                    return i;
                }
            }
            throw new IllegalStateException("@RequiresEditLock on " + where + " names idParam '" + spec.idParam()
                    + "', but the method has no parameter of that name"
                    + (parameters.length > 0 && !parameters[0].isNamePresent()
                    ? " (its class was compiled without -parameters; compile with it or use idIndex)" : ""));
        }
        if (spec.idIndex() >= 0 && spec.idIndex() < parameters.length) {
            return spec.idIndex();
        }
        throw new IllegalStateException("@RequiresEditLock on " + where
                + " must name the id parameter: idParam = \"...\" or idIndex = 0.." + (parameters.length - 1));
    }
}
