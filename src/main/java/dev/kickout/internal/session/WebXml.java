package dev.kickout.internal.session;

import jakarta.servlet.ServletContext;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.regex.Pattern;

/** What the module needs to know of the app's deployment descriptor, which the Servlet API does not tell. */
final class WebXml {

    private static final Pattern DISTRIBUTABLE = Pattern.compile("<(?:[\\w.-]+:)?distributable\\s*/?>");
    private static final Pattern COMMENT = Pattern.compile("<!--.*?-->", Pattern.DOTALL);

    private WebXml() {
    }

    /** Whether {@code /WEB-INF/web.xml} declares the app {@code <distributable/>}. */
    static boolean distributable(ServletContext context) {
        try (InputStream in = context.getResourceAsStream("/WEB-INF/web.xml")) {
            if (in == null) {
                return false;
            }
            return distributable(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Whether a {@code web.xml}'s text declares {@code <distributable/>}, outside comments. */
    static boolean distributable(String webXml) {
        return DISTRIBUTABLE.matcher(COMMENT.matcher(webXml).replaceAll("")).find();
    }
}
