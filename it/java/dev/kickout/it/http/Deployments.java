package dev.kickout.it.http;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import java.util.stream.Collectors;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.importer.ZipImporter;
import org.jboss.shrinkwrap.api.spec.JavaArchive;
import org.jboss.shrinkwrap.api.spec.WebArchive;

/** The archives the ITs deploy: the reference WAR exactly as built, optionally with other settings. */
public final class Deployments {

    private static final String CONFIG = "META-INF/microprofile-config.properties";

    private Deployments() {
    }

    /**
     * The system property that turns the near cache on or off in every deployment that does not set
     * {@code kickout.session.near-cache} itself: the Payara pass sets it to {@code false} (POM), so every IT
     * runs with the cache on (WildFly, the default) and off (Payara).
     */
    public static final String NEAR_CACHE_OVERRIDE = "kickout.it.near-cache";
    private static final String NEAR_CACHE = "kickout.session.near-cache";

    /** {@code target/kickout.war}, as {@code mvn package} built it (the near cache as {@value #NEAR_CACHE_OVERRIDE} says). */
    public static WebArchive referenceWar() {
        WebArchive war = ShrinkWrap.create(ZipImporter.class, "kickout.war").importFrom(new File("target/kickout.war"))
                .as(WebArchive.class);
        String override = System.getProperty(NEAR_CACHE_OVERRIDE, "");
        if (override.isBlank()) {
            return war;
        }
        String packaged;
        try (InputStream in = war.get("WEB-INF/classes/" + CONFIG).getAsset().openStream()) {
            packaged = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        war.delete("WEB-INF/classes/" + CONFIG);
        return war.addAsResource(new StringAsset(packaged + "\n" + NEAR_CACHE + "=" + override.trim() + "\n"), CONFIG);
    }

    /** The reference WAR with its configuration file replaced by {@code settings}. */
    public static WebArchive referenceWar(Map<String, String> settings) {
        return referenceWar("kickout.war", settings);
    }

    /** The reference WAR under another name (so another context root), with other settings. */
    public static WebArchive referenceWar(String archiveName, Map<String, String> settings) {
        String override = System.getProperty(NEAR_CACHE_OVERRIDE, "");
        if (!override.isBlank() && !settings.containsKey(NEAR_CACHE)) {
            settings = new HashMap<>(settings);
            settings.put(NEAR_CACHE, override.trim());
        }
        String properties = settings.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining("\n", "", "\n"));
        WebArchive war = ShrinkWrap.create(ZipImporter.class, archiveName).importFrom(new File("target/kickout.war"))
                .as(WebArchive.class);
        war.delete("WEB-INF/classes/" + CONFIG);
        return war.addAsResource(new StringAsset(properties), CONFIG);
    }

    /**
     * {@code settings} plus login-throttle limits no test burst reaches: a burst of correct sign-ins of one
     * user from one address holds its places in the throttle while its passwords are checked, and would
     * be refused beyond them as a burst of guesses is. For tests of something else under such bursts.
     */
    public static Map<String, String> unthrottled(Map<String, String> settings) {
        Map<String, String> all = new HashMap<>(settings);
        all.put("kickout.login.throttle.max-failures-per-user-and-address", "100000");
        all.put("kickout.login.throttle.max-failures-per-user", "100000");
        all.put("kickout.login.throttle.max-failures-per-address", "100000");
        return all;
    }

    /**
     * {@code host} with the module as a host adds it: the module jar ({@code target/kickout.jar}) and the
     * libraries it needs, taken from the reference WAR's {@code WEB-INF/lib}.
     */
    public static WebArchive withModule(WebArchive host) {
        host.addAsLibrary(ShrinkWrap.create(ZipImporter.class, "kickout-module.jar")
                .importFrom(new File("target/kickout.jar")).as(JavaArchive.class));
        referenceWar().getContent().forEach((path, node) -> {
            if (path.get().startsWith("/WEB-INF/lib/") && node.getAsset() != null) {
                host.add(node.getAsset(), path);
            }
        });
        return host;
    }
}
