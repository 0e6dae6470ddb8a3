package dev.kickout.release;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * What a user copies names the newest release: the READMEs' dependency, every {@code dev.kickout:kickout:X.Y.Z} of
 * the docs and the starter projects' {@code kickout.version} are the changelog's newest release, and the POM is that
 * release or a snapshot of it (the changelog is written first) or of a later one.
 */
class ReleaseDocsTest {

    private static final Pattern RELEASE = Pattern.compile("^## (\\d+)\\.(\\d+)\\.(\\d+) - \\d{4}-\\d{2}-\\d{2}$", Pattern.MULTILINE);
    private static final Pattern DEPENDENCY = Pattern.compile(
            "<artifactId>kickout</artifactId>\\s*<version>([^<]+)</version>");
    private static final Pattern COORDINATES = Pattern.compile("dev\\.kickout:kickout:(\\d[^`\\s:]*)");
    private static final Pattern EXAMPLE_VERSION = Pattern.compile("<kickout\\.version>([^<]+)</kickout\\.version>");
    private static final Pattern POM_VERSION = Pattern.compile(
            "<artifactId>kickout</artifactId>\\s*<version>(\\d+)\\.(\\d+)\\.(\\d+)(-SNAPSHOT)?</version>");

    @Test
    void whatUsersCopyNamesTheNewestRelease() throws IOException {
        Matcher newest = RELEASE.matcher(Files.readString(Path.of("CHANGELOG.md")));
        assertTrue(newest.find(), "CHANGELOG.md has no '## X.Y.Z - YYYY-MM-DD' section");
        String release = newest.group(1) + "." + newest.group(2) + "." + newest.group(3);
        List<String> wrong = new ArrayList<>();
        for (Path readme : List.of(Path.of("README.md"), Path.of("README.zh-CN.md"))) {
            Matcher dependency = DEPENDENCY.matcher(Files.readString(readme));
            if (!dependency.find() || !dependency.group(1).equals(release)) {
                wrong.add(readme + ": the dependency names " + (dependency.hitEnd() ? "no version" : dependency.group(1)));
            }
        }
        List<Path> pages;
        try (Stream<Path> docs = Files.walk(Path.of("docs"))) {
            pages = new ArrayList<>(docs.filter(p -> p.toString().endsWith(".md") && !p.startsWith("docs/benchmarks")).toList());
        }
        pages.add(Path.of("README.md"));
        pages.add(Path.of("README.zh-CN.md"));
        for (Path page : pages) {
            Matcher named = COORDINATES.matcher(Files.readString(page));
            while (named.find()) {
                if (!named.group(1).equals(release)) {
                    wrong.add(page + ": dev.kickout:kickout:" + named.group(1));
                }
            }
        }
        try (Stream<Path> examples = Files.list(Path.of("examples"))) {
            for (Path pom : examples.map(e -> e.resolve("pom.xml")).filter(Files::exists).sorted().toList()) {
                Matcher version = EXAMPLE_VERSION.matcher(Files.readString(pom));
                if (!version.find() || !version.group(1).equals(release)) {
                    wrong.add(pom + ": kickout.version is not " + release);
                }
            }
        }
        assertEquals(List.of(), wrong, "the newest release in CHANGELOG.md is " + release);

        Matcher pom = POM_VERSION.matcher(Files.readString(Path.of("pom.xml")));
        assertTrue(pom.find(), "pom.xml's version");
        int[] own = {Integer.parseInt(pom.group(1)), Integer.parseInt(pom.group(2)), Integer.parseInt(pom.group(3))};
        int[] last = {Integer.parseInt(newest.group(1)), Integer.parseInt(newest.group(2)), Integer.parseInt(newest.group(3))};
        int order = Arrays.compare(own, last);
        // a snapshot of the newest release itself: its changelog section is written, the release not cut yet
        assertTrue(pom.group(4) == null ? order == 0 : order >= 0,
                "pom.xml is " + pom.group(0).replaceAll("\\s+", " ") + ": the release " + release + " or a snapshot of it or a later one");
    }
}
