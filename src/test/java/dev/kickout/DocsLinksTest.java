package dev.kickout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every relative link of the Markdown documentation resolves: the file (or directory) exists, and an
 * {@code #anchor} names a heading of the target page, slugged as GitHub does (lower case, punctuation
 * dropped, spaces as hyphens, {@code -1}, {@code -2} for repeats). Links to other sites are not followed.
 */
class DocsLinksTest {

    private static final Pattern LINK = Pattern.compile("!?\\[((?:[^\\[\\]]|\\[[^\\]]*\\])*)\\]\\(([^)\\s]+)(?:\\s+\"[^\"]*\")?\\)");
    private static final Pattern HEADING = Pattern.compile("^ {0,3}(#{1,6})\\s+(.*?)\\s*#*\\s*$");
    private static final Pattern FENCE = Pattern.compile("^ {0,3}(```|~~~)");
    private static final Pattern CODE_SPAN = Pattern.compile("(`+)(.+?)\\1");
    private static final Pattern SCHEME = Pattern.compile("^[a-zA-Z][a-zA-Z0-9+.-]*:");

    private final Map<Path, Set<String>> anchors = new HashMap<>();

    @Test
    void everyRelativeLinkAndAnchorResolves() throws IOException {
        List<String> broken = new ArrayList<>();
        int links = 0;
        int withAnchor = 0;
        for (Path page : pages()) {
            for (String target : links(page)) {
                if (SCHEME.matcher(target).find()) {
                    continue;
                }
                links++;
                int hash = target.indexOf('#');
                String path = hash < 0 ? target : target.substring(0, hash);
                Path file = path.isEmpty() ? page : page.resolveSibling(path).normalize();
                if (!Files.exists(file)) {
                    broken.add(page + ": " + target + " (no such file)");
                    continue;
                }
                if (hash >= 0) {
                    withAnchor++;
                    String anchor = target.substring(hash + 1);
                    if (!file.toString().endsWith(".md") || !anchorsOf(file).contains(anchor)) {
                        broken.add(page + ": " + target + " (no heading with that anchor)");
                    }
                }
            }
        }
        System.out.println("[figure] docs links checked: " + links + " relative links, " + withAnchor + " with an anchor, in "
                + pages().size() + " pages");
        assertEquals(List.of(), broken, "broken links in the documentation");
        assertTrue(links > 100, "the scan found too few links: " + links);
    }

    @Test
    void slugsAreGitHubs() {
        assertEquals(List.of("what-the-host-must-and-must-not-have", "the-hosts-own-redisson-client",
                        "decisions-survive-a-failover-replica-acknowledgements", "wrk-benchmark-wrkbench",
                        "快速上手十分钟接入一个遗留-war", "a-b", "a-b-1"),
                List.copyOf(slugs(List.of("## What the host must and must not have", "### The host's own Redisson client",
                        "## Decisions survive a failover (replica acknowledgements)", "### wrk benchmark (`WrkBench`)",
                        "## 快速上手：十分钟接入一个遗留 WAR", "# A b", "# a [B](x.md)"))));
    }

    /** The Markdown files of the documentation: the READMEs, CONTRIBUTING, CHANGELOG and all of docs/. */
    private static List<Path> pages() throws IOException {
        List<Path> pages = new ArrayList<>();
        try (Stream<Path> top = Files.list(Path.of("."))) {
            top.map(p -> Path.of(p.getFileName().toString()))
                    .filter(p -> p.toString().matches("README.*\\.md|CONTRIBUTING\\.md|CHANGELOG\\.md"))
                    .sorted().forEach(pages::add);
        }
        try (Stream<Path> docs = Files.walk(Path.of("docs"))) {
            docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        return pages;
    }

    /** The targets of the page's links, outside code blocks and code spans. */
    private static List<String> links(Path page) throws IOException {
        List<String> targets = new ArrayList<>();
        boolean inFence = false;
        for (String line : Files.readAllLines(page)) {
            if (FENCE.matcher(line).find()) {
                inFence = !inFence;
                continue;
            }
            if (inFence || line.startsWith("    ")) {
                continue;
            }
            Matcher link = LINK.matcher(CODE_SPAN.matcher(line).replaceAll(""));
            while (link.find()) {
                targets.add(link.group(2));
            }
        }
        return targets;
    }

    private Set<String> anchorsOf(Path file) {
        return anchors.computeIfAbsent(file, f -> {
            try {
                return slugs(Files.readAllLines(f));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        });
    }

    /** GitHub's anchors for the headings among these lines, in order, repeats numbered. */
    static Set<String> slugs(List<String> lines) {
        Set<String> slugs = new LinkedHashSet<>();
        Map<String, Integer> seen = new HashMap<>();
        boolean inFence = false;
        for (String line : lines) {
            if (FENCE.matcher(line).find()) {
                inFence = !inFence;
                continue;
            }
            Matcher heading = HEADING.matcher(line);
            if (inFence || !heading.matches()) {
                continue;
            }
            String slug = slug(heading.group(2));
            int repeat = seen.merge(slug, 1, Integer::sum) - 1;
            slugs.add(repeat == 0 ? slug : slug + "-" + repeat);
        }
        return slugs;
    }

    /** The heading's text as rendered (links by their text, code spans by their content), then GitHub's rule. */
    static String slug(String heading) {
        String text = heading.replaceAll("!?\\[([^\\]]*)\\]\\([^)]*\\)", "$1").replaceAll("<[^>]+>", "");
        return text.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{M}\\p{N}\\p{Pc} -]", "").replace(' ', '-');
    }
}
