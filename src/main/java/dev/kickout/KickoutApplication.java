package dev.kickout;

import dev.kickout.internal.rest.ApiRoot;
import dev.kickout.internal.rest.ModuleAdmission;
import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;
import java.util.HashSet;
import java.util.Set;

/**
 * The module's own REST application, at {@code <context root>/kickout/api} by default: a path no
 * legacy app is likely to use. It lists its classes ({@link KickoutResources}), so it never picks up
 * the host's, and its providers, the problem+json mapping of routing errors included, apply to the
 * module's endpoints only. A host moves it with a standard mapping in its {@code web.xml} (Payara needs
 * the {@code <servlet>} element as well); the token filter then guards the new root by itself:
 * <pre>{@code
 * <servlet>
 *   <servlet-name>dev.kickout.KickoutApplication</servlet-name>
 * </servlet>
 * <servlet-mapping>
 *   <servlet-name>dev.kickout.KickoutApplication</servlet-name>
 *   <url-pattern>/rest/*</url-pattern>
 * </servlet-mapping>
 * }</pre>
 *
 * @since 1.0
 */
@ApplicationPath(KickoutApplication.DEFAULT_ROOT)
public class KickoutApplication extends Application {

    /** The root without a mapping in {@code web.xml}, relative to the context root. */
    public static final String DEFAULT_ROOT = ApiRoot.DEFAULT_ROOT;

    @Override
    public Set<Class<?>> getClasses() {
        Set<Class<?>> classes = new HashSet<>(KickoutResources.resources());
        classes.addAll(KickoutResources.providers());
        classes.addAll(KickoutResources.errorProviders());
        classes.add(ModuleAdmission.Own.class);
        return classes;
    }
}
