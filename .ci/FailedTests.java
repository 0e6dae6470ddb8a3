import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Element;
import org.w3c.dom.Node;

/**
 * Prints the tests that failed, from the Surefire and Failsafe reports under the given directory, in a few lines
 * each: where a CI log keeps only its tail, that tail then names what failed and why.
 *
 * <p>Run as a source file: {@code java .ci/FailedTests.java target}.
 */
public final class FailedTests {

    private static final int MAX_TESTS = 8;
    private static final int MAX_MESSAGE = 400;
    private static final int MAX_FRAMES = 4;

    public static void main(String[] args) throws Exception {
        Path root = Path.of(args.length > 0 ? args[0] : "target").toAbsolutePath();
        List<String> lines = new ArrayList<>();
        int failed = 0;
        for (Path report : reports(root)) {
            var testcases = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                    .parse(report.toFile()).getElementsByTagName("testcase");
            for (int i = 0; i < testcases.getLength(); i++) {
                Element testcase = (Element) testcases.item(i);
                Element problem = firstChild(testcase, "failure", "error");
                if (problem == null) {
                    continue;
                }
                failed++;
                if (failed <= MAX_TESTS) {
                    describe(root.relativize(report.getParent()), testcase, problem, lines);
                }
            }
        }
        if (failed == 0) {
            System.out.println("No failed test in the reports under " + root + ".");
            return;
        }
        System.out.println("==== " + failed + " failed test(s)" + (failed > MAX_TESTS ? ", the first " + MAX_TESTS : "")
                + " ====");
        lines.forEach(System.out::println);
    }

    private static List<Path> reports(Path root) throws IOException {
        if (!Files.isDirectory(root)) {
            return List.of();
        }
        try (Stream<Path> files = Files.walk(root, 2)) {
            return files.filter(Files::isRegularFile)
                    .filter(f -> f.getParent().getFileName().toString().matches("(surefire|failsafe)-reports.*"))
                    .filter(f -> f.getFileName().toString().matches("TEST-.*\\.xml"))
                    .sorted()
                    .toList();
        }
    }

    private static Element firstChild(Element parent, String... names) {
        for (Node child = parent.getFirstChild(); child != null; child = child.getNextSibling()) {
            if (child instanceof Element element && List.of(names).contains(element.getTagName())) {
                return element;
            }
        }
        return null;
    }

    private static void describe(Path reports, Element testcase, Element problem, List<String> lines) {
        lines.add("* " + testcase.getAttribute("classname") + "#" + testcase.getAttribute("name")
                + " (" + reports + ", " + problem.getTagName() + ")");
        String message = problem.getAttribute("message").replaceAll("\\s+", " ").strip();
        lines.add("  " + problem.getAttribute("type") + ": "
                + (message.length() > MAX_MESSAGE ? message.substring(0, MAX_MESSAGE) + "…" : message));
        problem.getTextContent().lines()
                .map(String::strip)
                .filter(line -> line.startsWith("at dev.kickout.") || line.startsWith("Caused by:"))
                .limit(MAX_FRAMES)
                .forEach(line -> lines.add("    " + line));
    }
}
