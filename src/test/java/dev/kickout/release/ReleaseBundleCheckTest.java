package dev.kickout.release;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.jar.Attributes;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The release bundle check on bundles made here: a complete one passes, each defect is named. */
class ReleaseBundleCheckTest {

    private static final String FOLDER = "dev/kickout/kickout/1.2.0/";
    private static final String POM = """
            <project xmlns="http://maven.apache.org/POM/4.0.0">
              <modelVersion>4.0.0</modelVersion>
              <groupId>dev.kickout</groupId><artifactId>kickout</artifactId><version>1.2.0</version>
              <name>Kickout</name><description>Force logout</description><url>https://example.org/kickout</url>
              <licenses><license><name>Apache-2.0</name><url>https://www.apache.org/licenses/LICENSE-2.0.txt</url></license></licenses>
              <developers><developer><name>The maintainers</name></developer></developers>
              <scm><url>https://example.org/kickout</url><connection>scm:git:https://example.org/kickout.git</connection>
                <developerConnection>scm:git:https://example.org/kickout.git</developerConnection></scm>
              <issueManagement><url>https://example.org/kickout/issues</url></issueManagement>
            </project>
            """;

    @TempDir
    Path dir;

    @Test
    void aCompleteBundlePasses() throws IOException {
        assertEquals(List.of(), check(files -> { }, false));
    }

    @Test
    void aSignedBundleNeedsASignatureForEveryFile() throws IOException {
        List<String> problems = check(files -> { }, true);
        assertEquals(5, problems.size(), problems.toString());
        assertTrue(problems.stream().allMatch(p -> p.startsWith("missing or malformed signature")), problems.toString());
        assertEquals(List.of(), check(files -> List.copyOf(files.keySet()).forEach(name -> files.put(name + ".asc",
                "-----BEGIN PGP SIGNATURE-----\n...".getBytes(StandardCharsets.US_ASCII))), true));
    }

    @Test
    void eachDefectIsNamed() throws IOException {
        assertEquals(List.of("missing kickout-1.2.0-javadoc.jar"),
                check(files -> files.remove("kickout-1.2.0-javadoc.jar"), false));
        assertEquals(List.of("missing kickout-1.2.0.pom.sha1"), check(files -> files.remove("kickout-1.2.0.pom.sha1"), false));
        assertEquals(List.of("kickout-1.2.0.jar.md5 does not match kickout-1.2.0.jar"),
                check(files -> files.put("kickout-1.2.0.jar.md5", "0000".getBytes(StandardCharsets.US_ASCII)), false));
        assertEquals(List.of("POM element scm/developerConnection missing"), checkContent(files -> files.put("kickout-1.2.0.pom",
                POM.replaceAll("<developerConnection>.*</developerConnection>", "").getBytes(StandardCharsets.UTF_8))));
        assertEquals(List.of("POM element url unresolved: ${project.url}"), checkContent(files -> files.put("kickout-1.2.0.pom",
                POM.replace("</description><url>https://example.org/kickout</url>", "</description><url>${project.url}</url>")
                        .getBytes(StandardCharsets.UTF_8))));
        assertEquals(List.of("the jar holds the reference app: dev/kickout/demo/DemoApplication.class"),
                checkContent(files -> files.put("kickout-1.2.0.jar", jar(true, "dev/kickout/Kickout.class",
                        "dev/kickout/demo/DemoApplication.class"))));
        assertEquals(List.of("the jar's manifest lacks Automatic-Module-Name: dev.kickout"),
                checkContent(files -> files.put("kickout-1.2.0.jar", jar(false, "dev/kickout/Kickout.class"))));
    }

    @Test
    void aSnapshotIsRefused() throws IOException {
        Path bundle = bundle(files -> { }, files -> { });
        List<String> problems = ReleaseBundleCheck.check(bundle, "dev.kickout", "kickout", "1.2.0-SNAPSHOT", false);
        assertTrue(problems.get(0).contains("is a snapshot"), problems.toString());
    }

    /** The check of a bundle whose files {@code change} changed after their checksums were written. */
    private List<String> check(Consumer<Map<String, byte[]>> change, boolean signed) throws IOException {
        return ReleaseBundleCheck.check(bundle(files -> { }, change), "dev.kickout", "kickout", "1.2.0", signed);
    }

    /** The check of a bundle whose artifacts {@code content} changed before their checksums were written. */
    private List<String> checkContent(Consumer<Map<String, byte[]>> content) throws IOException {
        return ReleaseBundleCheck.check(bundle(content, files -> { }), "dev.kickout", "kickout", "1.2.0", false);
    }

    /**
     * A bundle as the release build makes it: its artifacts changed by {@code content}, then their checksums, then
     * the whole changed by {@code change}.
     */
    private Path bundle(Consumer<Map<String, byte[]>> content, Consumer<Map<String, byte[]>> change) throws IOException {
        Map<String, byte[]> files = new LinkedHashMap<>();
        files.put("kickout-1.2.0.jar", jar(true, "dev/kickout/Kickout.class"));
        files.put("kickout-1.2.0-sources.jar", jar(true, "dev/kickout/Kickout.java"));
        files.put("kickout-1.2.0-javadoc.jar", jar(true, "index.html"));
        files.put("kickout-1.2.0.pom", POM.getBytes(StandardCharsets.UTF_8));
        files.put("kickout-1.2.0-cyclonedx.json", """
                { "bomFormat" : "CycloneDX", "components" : [ { "purl" : "pkg:maven/org.redisson/redisson@4.7.0?type=jar" } ] }
                """.getBytes(StandardCharsets.UTF_8));
        content.accept(files);
        for (String name : List.copyOf(files.keySet())) {
            for (String[] digest : new String[][] {{"md5", "MD5"}, {"sha1", "SHA-1"}, {"sha256", "SHA-256"}}) {
                files.put(name + "." + digest[0], ReleaseBundleCheck.hex(digest[1], files.get(name)).getBytes(StandardCharsets.US_ASCII));
            }
        }
        change.accept(files);
        Path bundle = dir.resolve("central-bundle-" + System.nanoTime() + ".zip");
        try (OutputStream out = Files.newOutputStream(bundle); ZipOutputStream zip = new ZipOutputStream(out)) {
            for (Map.Entry<String, byte[]> file : files.entrySet()) {
                zip.putNextEntry(new ZipEntry(FOLDER + file.getKey()));
                zip.write(file.getValue());
                zip.closeEntry();
            }
        }
        return bundle;
    }

    private static byte[] jar(boolean moduleName, String... entries) {
        Manifest manifest = new Manifest();
        manifest.getMainAttributes().put(Attributes.Name.MANIFEST_VERSION, "1.0");
        if (moduleName) {
            manifest.getMainAttributes().putValue("Automatic-Module-Name", "dev.kickout");
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (JarOutputStream jar = new JarOutputStream(bytes, manifest)) {
            for (String entry : entries) {
                jar.putNextEntry(new JarEntry(entry));
                jar.closeEntry();
            }
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return bytes.toByteArray();
    }
}
