package dev.kickout.it.http;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.function.UnaryOperator;
import org.jboss.shrinkwrap.api.ArchivePath;
import org.jboss.shrinkwrap.api.ArchivePaths;
import org.jboss.shrinkwrap.api.Node;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.importer.ZipImporter;
import org.jboss.shrinkwrap.api.spec.WebArchive;

/**
 * The WARs of the starter projects under {@code examples/}, as their own builds made them (the main build runs
 * {@code mvn package} in each before the ITs, against this build's jar): {@code target/examples/<name>/target/<name>.war}.
 * A test deploys them as they are, adding only what it observes through (a probe class, settings of its own).
 */
public final class Examples {

    private static final String CONFIG = "WEB-INF/classes/META-INF/microprofile-config.properties";

    private Examples() {
    }

    /** The example's WAR as built, deployed as {@code archiveName} (so under that context root). */
    public static WebArchive war(String example, String archiveName) {
        File built = new File("target/examples/" + example + "/target/" + example + ".war");
        if (!built.isFile()) {
            throw new IllegalStateException(built + " is missing: the build makes it before the ITs "
                    + "(maven-invoker-plugin; its log is target/examples/" + example + "/build.log)");
        }
        return ShrinkWrap.create(ZipImporter.class, archiveName).importFrom(built).as(WebArchive.class);
    }

    /**
     * The example's WAR with {@code settings} (lines of {@code key=value}) after its own, so they win, and the
     * near cache as the run asks ({@link Deployments#NEAR_CACHE_OVERRIDE}) unless {@code settings} set it.
     */
    public static WebArchive war(String example, String archiveName, String settings) {
        String override = System.getProperty(Deployments.NEAR_CACHE_OVERRIDE, "");
        String nearCache = override.isBlank() || settings.contains("kickout.session.near-cache=") ? ""
                : "kickout.session.near-cache=" + override.trim() + "\n";
        return edit(war(example, archiveName), CONFIG, own -> own + "\n" + nearCache + settings + "\n");
    }

    /** The archive with the text file at {@code path} replaced by {@code change} of it. */
    public static WebArchive edit(WebArchive war, String path, UnaryOperator<String> change) {
        ArchivePath at = ArchivePaths.create(path);
        Node node = war.get(at);
        if (node == null || node.getAsset() == null) {
            throw new IllegalArgumentException(war.getName() + " has no " + path);
        }
        String text;
        try (InputStream in = node.getAsset().openStream()) {
            text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        war.delete(at);
        war.add(new StringAsset(change.apply(text)), at);
        return war;
    }
}
