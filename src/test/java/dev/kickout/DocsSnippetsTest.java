package dev.kickout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every code block of a getting-started page (but the overview, {@code README.md}) comes from a file the build
 * compiles or serves: it follows a line {@code <!-- from: path/of/the/File.java -->} and appears in that file
 * verbatim, as consecutive lines (indentation may differ as a whole). A renamed API breaks this test, not the
 * reader.
 */
class DocsSnippetsTest {

    private static final Path PAGES = Path.of("docs/getting-started");
    private static final Pattern SOURCE = Pattern.compile("^<!-- from: (\\S+) -->$");
    private static final Pattern FENCE = Pattern.compile("^```");

    @Test
    void everySnippetIsInItsSourceFile() throws IOException {
        List<String> problems = new ArrayList<>();
        int snippets = 0;
        List<Path> pages;
        try (Stream<Path> files = Files.list(PAGES)) {
            pages = files.filter(p -> p.toString().endsWith(".md") && !p.endsWith("README.md")).sorted().toList();
        }
        for (Path page : pages) {
            List<String> lines = Files.readAllLines(page);
            for (int i = 0; i < lines.size(); i++) {
                if (!FENCE.matcher(lines.get(i)).find()) {
                    continue;
                }
                int end = i + 1;
                while (end < lines.size() && !FENCE.matcher(lines.get(end)).find()) {
                    end++;
                }
                List<String> snippet = lines.subList(i + 1, end);
                Matcher source = SOURCE.matcher(i > 0 ? lines.get(i - 1) : "");
                String where = page + ":" + (i + 1);
                if (!source.matches()) {
                    problems.add(where + ": a code block without <!-- from: file --> on the line before");
                } else if (!Files.exists(Path.of(source.group(1)))) {
                    problems.add(where + ": no such file " + source.group(1));
                } else if (!containsVerbatim(Files.readAllLines(Path.of(source.group(1))), snippet)) {
                    problems.add(where + ": not verbatim in " + source.group(1) + ":\n" + String.join("\n", snippet));
                }
                snippets++;
                i = end;
            }
        }
        System.out.println("[figure] docs snippets checked: " + snippets + " in " + pages.size() + " getting-started pages");
        assertEquals(List.of(), problems, "getting-started snippets must come from the files they name");
        assertTrue(snippets >= pages.size(), "fewer snippets than pages: " + snippets);
    }

    @Test
    void indentationMayDifferAsAWhole() {
        List<String> file = List.of("class A {", "    void b() {", "        c();", "    }", "}");
        assertTrue(containsVerbatim(file, List.of("void b() {", "    c();", "}")));
        assertTrue(!containsVerbatim(file, List.of("void b() {", "c();", "}")));
        assertTrue(!containsVerbatim(file, List.of("void b() {", "    d();")));
    }

    /** Whether the file has the snippet's lines in a row, each shifted by the same indentation. */
    static boolean containsVerbatim(List<String> file, List<String> snippet) {
        List<String> wanted = dedent(snippet);
        for (int start = 0; start + wanted.size() <= file.size(); start++) {
            if (dedent(file.subList(start, start + wanted.size())).equals(wanted)) {
                return true;
            }
        }
        return false;
    }

    private static List<String> dedent(List<String> lines) {
        int indent = lines.stream().filter(l -> !l.isBlank()).mapToInt(l -> l.length() - l.stripLeading().length())
                .min().orElse(0);
        return lines.stream().map(l -> l.isBlank() ? "" : l.substring(indent)).toList();
    }
}
