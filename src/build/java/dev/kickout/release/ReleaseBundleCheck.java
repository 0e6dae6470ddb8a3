package dev.kickout.release;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.JarInputStream;
import java.util.jar.Manifest;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.xpath.XPathConstants;
import javax.xml.xpath.XPathFactory;
import org.w3c.dom.Document;
import org.w3c.dom.NodeList;

/**
 * Reads the Central bundle of a release ({@code -Prelease}, deploy phase) and fails the build unless it holds what
 * Maven Central requires and what a host needs: the jar, sources, javadoc, POM and SBOM of one non-snapshot
 * version, each with correct MD5 and SHA-1 checksums (and SHA-256, SHA-512 when present) and, when the build
 * signs, its signature; the POM's name, description, url, licence, developer, scm and issue management; the jar
 * without the reference app. Arguments: the bundle, {@code groupId:artifactId:version}, whether it must be signed.
 */
public final class ReleaseBundleCheck {

    private static final List<String> REQUIRED_DIGESTS = List.of("md5", "sha1");
    private static final Map<String, String> DIGESTS = Map.of("md5", "MD5", "sha1", "SHA-1", "sha256", "SHA-256",
            "sha512", "SHA-512");
    /** POM elements Central requires, and the issue tracker a user looks for. */
    private static final List<String> POM_ELEMENTS = List.of("name", "description", "url", "licenses/license/name",
            "licenses/license/url", "developers/developer/name", "scm/url", "scm/connection",
            "scm/developerConnection", "issueManagement/url");

    private ReleaseBundleCheck() {
    }

    public static void main(String[] args) throws IOException {
        Path bundle = Path.of(args[0]);
        String[] coordinates = args[1].split(":");
        List<String> problems = check(bundle, coordinates[0], coordinates[1], coordinates[2], Boolean.parseBoolean(args[2]));
        if (!problems.isEmpty()) {
            throw new IllegalStateException("The release bundle " + bundle + " is not what Central takes:\n  - "
                    + String.join("\n  - ", problems));
        }
    }

    /** What is wrong with the bundle: empty when nothing is. Prints what it checked. */
    static List<String> check(Path bundle, String groupId, String artifactId, String version, boolean signed)
            throws IOException {
        List<String> problems = new ArrayList<>();
        if (version.endsWith("-SNAPSHOT")) {
            problems.add("version " + version + " is a snapshot: Central takes releases only");
        }
        String folder = groupId.replace('.', '/') + "/" + artifactId + "/" + version + "/";
        String base = artifactId + "-" + version;
        Map<String, byte[]> files = new LinkedHashMap<>();
        try (ZipFile zip = new ZipFile(bundle.toFile())) {
            for (ZipEntry entry : zip.stream().filter(e -> !e.isDirectory()).toList()) {
                if (!entry.getName().startsWith(folder)) {
                    problems.add(entry.getName() + ": outside " + folder);
                    continue;
                }
                files.put(entry.getName().substring(folder.length()), zip.getInputStream(entry).readAllBytes());
            }
        }
        List<String> artifacts = List.of(base + ".jar", base + "-sources.jar", base + "-javadoc.jar", base + ".pom",
                base + "-cyclonedx.json");
        for (String artifact : artifacts) {
            if (!files.containsKey(artifact)) {
                problems.add("missing " + artifact);
            }
        }
        int checksums = 0;
        int signatures = 0;
        for (Map.Entry<String, byte[]> file : files.entrySet()) {
            String name = file.getKey();
            if (name.endsWith(".asc") || DIGESTS.keySet().stream().anyMatch(d -> name.endsWith("." + d))) {
                continue;
            }
            for (String digest : DIGESTS.keySet()) {
                byte[] sum = files.get(name + "." + digest);
                if (sum == null) {
                    if (REQUIRED_DIGESTS.contains(digest)) {
                        problems.add("missing " + name + "." + digest);
                    }
                } else if (!new String(sum, StandardCharsets.US_ASCII).trim().equalsIgnoreCase(hex(DIGESTS.get(digest), file.getValue()))) {
                    problems.add(name + "." + digest + " does not match " + name);
                } else {
                    checksums++;
                }
            }
            byte[] signature = files.get(name + ".asc");
            if (signed && (signature == null || !new String(signature, StandardCharsets.US_ASCII).startsWith("-----BEGIN PGP SIGNATURE-----"))) {
                problems.add("missing or malformed signature " + name + ".asc");
            } else if (signature != null) {
                signatures++;
            }
        }
        if (files.containsKey(base + ".pom")) {
            problems.addAll(pomProblems(files.get(base + ".pom"), groupId, artifactId, version));
        }
        if (files.containsKey(base + ".jar")) {
            problems.addAll(jarProblems(files.get(base + ".jar")));
        }
        problems.addAll(mustHold(files, base + "-sources.jar", "dev/kickout/Kickout.java"));
        problems.addAll(mustHold(files, base + "-javadoc.jar", "index.html"));
        if (files.containsKey(base + "-cyclonedx.json")) {
            String sbom = new String(files.get(base + "-cyclonedx.json"), StandardCharsets.UTF_8);
            if (!sbom.contains("\"bomFormat\" : \"CycloneDX\"") && !sbom.contains("\"bomFormat\":\"CycloneDX\"")
                    || !sbom.contains("pkg:maven/org.redisson/redisson@")) {
                problems.add(base + "-cyclonedx.json is no CycloneDX SBOM naming the module's Redisson");
            }
        }
        System.out.printf("[figure] release bundle %s: %d files, %d of %d artifacts, %d checksums correct, %d signatures, "
                        + "%d POM elements checked: %s%n", bundle.getFileName(), files.size(),
                artifacts.stream().filter(files::containsKey).count(), artifacts.size(), checksums, signatures,
                POM_ELEMENTS.size(), problems.isEmpty() ? "OK" : problems.size() + " problems");
        return problems;
    }

    private static List<String> pomProblems(byte[] pom, String groupId, String artifactId, String version) {
        List<String> problems = new ArrayList<>();
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            Document document = factory.newDocumentBuilder().parse(new ByteArrayInputStream(pom));
            var xpath = XPathFactory.newInstance().newXPath();
            Map<String, String> expected = Map.of("groupId", groupId, "artifactId", artifactId, "version", version);
            for (Map.Entry<String, String> coordinate : expected.entrySet()) {
                String value = xpath.evaluate("/*[local-name()='project']/*[local-name()='" + coordinate.getKey() + "']", document);
                if (!coordinate.getValue().equals(value.trim())) {
                    problems.add("POM " + coordinate.getKey() + " is '" + value.trim() + "', not " + coordinate.getValue());
                }
            }
            for (String element : POM_ELEMENTS) {
                StringBuilder path = new StringBuilder("/*[local-name()='project']");
                for (String step : element.split("/")) {
                    path.append("/*[local-name()='").append(step).append("']");
                }
                NodeList found = (NodeList) xpath.evaluate(path.toString(), document, XPathConstants.NODESET);
                String text = found.getLength() == 0 ? "" : found.item(0).getTextContent().trim();
                if (text.isEmpty() || text.contains("${")) {
                    problems.add("POM element " + element + (text.isEmpty() ? " missing" : " unresolved: " + text));
                }
            }
        } catch (Exception e) {
            problems.add("POM unreadable: " + e);
        }
        return problems;
    }

    private static List<String> jarProblems(byte[] jar) throws IOException {
        List<String> problems = new ArrayList<>();
        List<String> entries = new ArrayList<>();
        Manifest manifest;
        try (JarInputStream in = new JarInputStream(new ByteArrayInputStream(jar))) {
            manifest = in.getManifest();
            for (var entry = in.getNextJarEntry(); entry != null; entry = in.getNextJarEntry()) {
                entries.add(entry.getName());
            }
        }
        if (!entries.contains("dev/kickout/Kickout.class")) {
            problems.add("the jar lacks dev/kickout/Kickout.class");
        }
        entries.stream().filter(e -> e.startsWith("dev/kickout/demo/") || e.equals("META-INF/persistence.xml"))
                .findFirst().ifPresent(e -> problems.add("the jar holds the reference app: " + e));
        if (manifest == null || !"dev.kickout".equals(manifest.getMainAttributes().getValue("Automatic-Module-Name"))) {
            problems.add("the jar's manifest lacks Automatic-Module-Name: dev.kickout");
        }
        return problems;
    }

    private static List<String> mustHold(Map<String, byte[]> files, String jar, String entry) throws IOException {
        byte[] bytes = files.get(jar);
        if (bytes == null) {
            return List.of();
        }
        try (JarInputStream in = new JarInputStream(new ByteArrayInputStream(bytes))) {
            for (var next = in.getNextJarEntry(); next != null; next = in.getNextJarEntry()) {
                if (next.getName().equals(entry)) {
                    return List.of();
                }
            }
        }
        return List.of(jar + " lacks " + entry);
    }

    static String hex(String algorithm, byte[] content) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance(algorithm).digest(content));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
