package dev.kickout.rest;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

/**
 * The module's REST root, {@code /api} under the context root. A host app moves it with a
 * standard mapping in its {@code web.xml} (and declares no other {@code Application}; Payara needs
 * the {@code <servlet>} element as well):
 * <pre>{@code
 * <servlet>
 *   <servlet-name>dev.kickout.rest.KickoutApplication</servlet-name>
 * </servlet>
 * <servlet-mapping>
 *   <servlet-name>dev.kickout.rest.KickoutApplication</servlet-name>
 *   <url-pattern>/rest/*</url-pattern>
 * </servlet-mapping>
 * }</pre>
 * then sets {@code kickout.filter.include=/rest/*} and {@code kickout.filter.exclude=/rest/auth/login}.
 */
@ApplicationPath("api")
public class KickoutApplication extends Application {
}
