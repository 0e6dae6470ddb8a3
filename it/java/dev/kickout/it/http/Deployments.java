package dev.kickout.it.http;

import java.io.File;
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

    /** {@code target/kickout.war}, as {@code mvn package} built it. */
    public static WebArchive referenceWar() {
        return ShrinkWrap.create(ZipImporter.class, "kickout.war").importFrom(new File("target/kickout.war"))
                .as(WebArchive.class);
    }

    /** The reference WAR with its configuration file replaced by {@code settings}. */
    public static WebArchive referenceWar(Map<String, String> settings) {
        return referenceWar("kickout.war", settings);
    }

    /** The reference WAR under another name (so another context root), with other settings. */
    public static WebArchive referenceWar(String archiveName, Map<String, String> settings) {
        String properties = settings.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining("\n", "", "\n"));
        WebArchive war = ShrinkWrap.create(ZipImporter.class, archiveName).importFrom(new File("target/kickout.war"))
                .as(WebArchive.class);
        war.delete("WEB-INF/classes/" + CONFIG);
        return war.addAsResource(new StringAsset(properties), CONFIG);
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
