package dev.kickout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The code the docs show is code the build compiles: a block follows a line {@code <!-- from: path/of/the/File -->}
 * and appears in that file verbatim, as consecutive lines (indentation may differ as a whole). A renamed API
 * breaks this test, not the reader. Which blocks need one:
 * <ul>
 * <li>every {@code java} block of every page under {@code docs/}, of both READMEs and of {@code CONTRIBUTING.md},
 * and its file is a {@code .java} file under a source directory the build compiles;</li>
 * <li>every block, in any language, of a getting-started page (but their overview, {@code README.md});</li>
 * <li>any other block that names a file anyway.</li>
 * </ul>
 * The classes of {@code dev.kickout.docs} hold what the guide and reference pages show; they use the public API
 * only, as a host would.
 */
class DocsSnippetsTest {

    private static final Path DOCS = Path.of("docs");
    private static final Path GETTING_STARTED = DOCS.resolve("getting-started");
    private static final List<Path> TOP_PAGES = List.of(Path.of("README.md"), Path.of("README.zh-CN.md"),
            Path.of("CONTRIBUTING.md"));
    private static final Path SNIPPETS = Path.of("src/test/java/dev/kickout/docs");
    private static final Pattern SOURCE = Pattern.compile("^\\s*<!-- from: (\\S+) -->$");
    /** An opening fence, maybe indented (in a list item), with its language. */
    private static final Pattern FENCE = Pattern.compile("^(\\s*)(`{3,}|~{3,})\\s*([^`\\s]*).*$");
    /** A source directory that the build-helper plugin adds to the build. */
    private static final Pattern ADDED_SOURCE = Pattern.compile("<source>\\$\\{project\\.basedir}/([^<]+)</source>");
    private static final Pattern IMPORT = Pattern.compile("^import (?:static )?([\\w.]+)(?:\\.\\*)?;", Pattern.MULTILINE);

    /** A fenced code block of a page: where it opens, its language, its lines, the line before it. */
    record Block(Path page, int line, String language, List<String> lines, String before) {

        String where() {
            return page + ":" + line;
        }
    }

    @Test
    void everySnippetIsInItsSourceFile() throws IOException {
        List<Path> roots = compiledRoots();
        List<String> problems = new ArrayList<>();
        int checked = 0;
        int java = 0;
        List<Path> pages = pages();
        for (Path page : pages) {
            boolean gettingStarted = page.startsWith(GETTING_STARTED) && !page.endsWith("README.md");
            for (Block block : blocks(page, problems)) {
                Matcher source = SOURCE.matcher(block.before());
                boolean isJava = block.language().equalsIgnoreCase("java");
                if (!source.matches()) {
                    if (isJava || gettingStarted) {
                        problems.add(block.where() + ": a " + (isJava ? "java" : "code")
                                + " block without <!-- from: file --> on the line before");
                    }
                    continue;
                }
                Path file = Path.of(source.group(1)).normalize();
                if (!Files.isRegularFile(file)) {
                    problems.add(block.where() + ": no such file " + source.group(1));
                } else if (isJava && !(file.toString().endsWith(".java") && roots.stream().anyMatch(file::startsWith))) {
                    problems.add(block.where() + ": " + source.group(1) + " is not a .java file under a directory the "
                            + "build compiles " + roots);
                } else if (!containsVerbatim(Files.readAllLines(file), block.lines())) {
                    problems.add(block.where() + ": not verbatim in " + source.group(1) + ":\n"
                            + String.join("\n", block.lines()));
                }
                checked++;
                java += isJava ? 1 : 0;
            }
        }
        System.out.println("[figure] docs snippets checked: " + checked + " (" + java + " java) in " + pages.size() + " pages");
        assertEquals(List.of(), problems, "the docs' code blocks must come from the files they name");
        assertTrue(java >= 20, "too few java blocks found: " + java);
    }

    @Test
    void theSnippetClassesUseThePublicApiOnly() throws IOException {
        Set<String> publicTypes = Set.copyOf(PublicApiTest.publicTypes());
        List<String> wrong = new ArrayList<>();
        List<Path> files;
        try (Stream<Path> all = Files.walk(SNIPPETS)) {
            files = all.filter(file -> file.toString().endsWith(".java")).sorted().toList();
        }
        for (Path file : files) {
            String source = Files.readString(file);
            if (source.contains("dev.kickout.internal") || source.contains("dev.kickout.demo")) {
                wrong.add(file + " names a class of dev.kickout.internal or the demo");
            }
            Matcher imported = IMPORT.matcher(source);
            while (imported.find()) {
                String name = imported.group(1);
                boolean allowed = name.startsWith("java.") || name.startsWith("jakarta.")
                        // the host's own Redisson client, which it hands to the module (guide/dependency.md)
                        || name.startsWith("org.redisson.")
                        || publicTypes.contains(name) || name.startsWith("dev.kickout.docs.");
                if (!allowed) {
                    wrong.add(file + " imports " + name + ", which is neither the public API nor the Jakarta EE API");
                }
            }
        }
        assertEquals(List.of(), wrong);
        assertTrue(files.size() > 10, "too few snippet classes found: " + files.size());
    }

    @Test
    void theCompiledRootsAreTheBuildsOwn() throws IOException {
        List<Path> roots = compiledRoots();
        for (String root : List.of("src/main/java", "src/test/java", "it/java", "it/bench")) {
            assertTrue(roots.contains(Path.of(root)), root + " missing from " + roots);
        }
    }

    @Test
    void indentationMayDifferAsAWhole() {
        List<String> file = List.of("class A {", "    void b() {", "        c();", "    }", "}");
        assertTrue(containsVerbatim(file, List.of("void b() {", "    c();", "}")));
        assertTrue(!containsVerbatim(file, List.of("void b() {", "c();", "}")));
        assertTrue(!containsVerbatim(file, List.of("void b() {", "    d();")));
    }

    @Test
    void blocksAreFoundInListsAndByTheirLanguage() throws IOException {
        Path page = Files.createTempFile("page", ".md");
        try {
            Files.write(page, List.of("1. A step:", "", "   <!-- from: A.java -->", "   ```java", "   class A {}",
                    "   ```", "", "```xml", "<a/>", "```", "", "~~~ java", "b();", "~~~"));
            List<String> problems = new ArrayList<>();
            List<Block> blocks = blocks(page, problems);
            assertEquals(List.of(), problems);
            assertEquals(List.of("java", "xml", "java"), blocks.stream().map(Block::language).toList());
            assertEquals(List.of(4, 8, 12), blocks.stream().map(Block::line).toList());
            assertEquals(List.of("   class A {}"), blocks.get(0).lines());
            assertTrue(SOURCE.matcher(blocks.get(0).before()).matches());
            Files.write(page, List.of("```java", "a();"));
            blocks(page, problems);
            assertEquals(List.of(page + ":1: a code block that is never closed"), problems);
        } finally {
            Files.delete(page);
        }
    }

    /** Every page under docs/, and the top-level pages that exist. */
    private static List<Path> pages() throws IOException {
        List<Path> pages = new ArrayList<>(TOP_PAGES.stream().filter(Files::exists).toList());
        try (Stream<Path> files = Files.walk(DOCS)) {
            files.filter(file -> file.toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        return pages;
    }

    /** The fenced blocks of a page; a fence that never closes is a problem. */
    static List<Block> blocks(Path page, List<String> problems) throws IOException {
        List<String> lines = Files.readAllLines(page);
        List<Block> blocks = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            Matcher open = FENCE.matcher(lines.get(i));
            if (!open.matches()) {
                continue;
            }
            String fence = open.group(2);
            Pattern close = Pattern.compile("^\\s*" + Pattern.quote(fence.substring(0, 1)) + "{" + fence.length() + ",}\\s*$");
            int end = i + 1;
            while (end < lines.size() && !close.matcher(lines.get(end)).matches()) {
                end++;
            }
            if (end == lines.size()) {
                problems.add(page + ":" + (i + 1) + ": a code block that is never closed");
                break;
            }
            blocks.add(new Block(page, i + 1, open.group(3), lines.subList(i + 1, end), i > 0 ? lines.get(i - 1) : ""));
            i = end;
        }
        return blocks;
    }

    /**
     * The source directories the build compiles: Maven's own two, those the build-helper plugin adds (the ITs, the
     * benchmarks, ...), and {@code src/main/java} of each starter project under {@code examples/}, which the build
     * builds before the ITs.
     */
    static List<Path> compiledRoots() throws IOException {
        List<Path> roots = new ArrayList<>(List.of(Path.of("src/main/java"), Path.of("src/test/java")));
        Matcher added = ADDED_SOURCE.matcher(Files.readString(Path.of("pom.xml")));
        while (added.find()) {
            roots.add(Path.of(added.group(1)).normalize());
        }
        try (Stream<Path> examples = Files.list(Path.of("examples"))) {
            examples.filter(project -> Files.isRegularFile(project.resolve("pom.xml"))).sorted()
                    .map(project -> project.resolve("src/main/java")).forEach(roots::add);
        }
        return roots;
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
