package dev.kickout.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Every message the module logs leads with a {@link LogId} of its feature's range, each id is unique,
 * and the log ids reference (docs/reference/log-ids.md) documents each one at the level the code logs it.
 */
class LogIdTest {

    /** Thousands digit by feature package; every other package logs in the 8xxx range. */
    private static final Map<String, Integer> RANGES = Map.of("redis", 1, "session", 2, "lock", 3, "push", 4,
            "audit", 5, "cleanup", 6, "outbox", 7);
    private static final Path SOURCES = Path.of("src/main/java/dev/kickout");
    private static final Pattern CALL = Pattern.compile("\\bLOG\\.(\\w+)\\s*\\(");
    private static final Pattern ID_USE = Pattern.compile("\\bLogId\\.([A-Z][A-Z0-9_]*)\\.message\\(");
    private static final Pattern LEVEL = Pattern.compile("^\\s*Level\\.([A-Z]+)");
    /** A table row of docs/reference/log-ids.md: {@code | `KICKOUT-1001` | WARNING | meaning | what to do |}. */
    private static final Pattern ROW = Pattern.compile("^\\|\\s*`(KICKOUT-\\d{4})`\\s*\\|\\s*([A-Z]+)\\s*\\|(.*)\\|(.*)\\|\\s*$");

    @Test
    void idsAreUniqueAndWellFormed() {
        Set<Integer> numbers = new HashSet<>();
        for (LogId id : LogId.values()) {
            assertTrue(id.toString().matches("KICKOUT-[1-8]\\d{3}") && id.number() % 1000 != 0, id::name);
            assertEquals(String.format("KICKOUT-%04d", id.number()), id.toString());
            assertTrue(numbers.add(id.number()), () -> "number used twice: " + id);
            assertEquals(id + ": text", id.message("text"));
        }
    }

    /** Each call names one id, of its package's range; only the audit trail's own lines carry none. */
    @Test
    void everyLogCallLeadsWithAnIdOfItsFeature() throws IOException {
        Map<LogId, Set<String>> levels = levelsInTheSources();
        Set<LogId> unused = EnumSet.allOf(LogId.class);
        unused.removeAll(levels.keySet());
        assertEquals(Set.of(), unused, "ids no log call uses: retire them (and their rows in docs/reference/log-ids.md)");
        levels.forEach((id, used) -> assertEquals(1, used.size(), () -> id + " logged at several levels: " + used));
    }

    @Test
    void readmeDocumentsEveryIdAtItsLevel() throws IOException {
        Map<String, String> rows = new TreeMap<>();
        for (String line : Files.readAllLines(Path.of("docs/reference/log-ids.md"))) {
            Matcher row = ROW.matcher(line);
            if (row.matches()) {
                assertFalse(row.group(3).isBlank() || row.group(4).isBlank(), () -> "meaning and action: " + line);
                assertEquals(null, rows.put(row.group(1), row.group(2)), () -> "documented twice: " + line);
            }
        }
        Map<String, String> expected = new TreeMap<>();
        levelsInTheSources().forEach((id, used) -> expected.put(id.toString(), used.iterator().next()));
        assertEquals(expected, rows, "docs/reference/log-ids.md: one row per LogId, with the level the code logs at");
    }

    private static Map<LogId, Set<String>> levelsInTheSources() throws IOException {
        Map<LogId, Set<String>> levels = new TreeMap<>();
        List<String> problems = new ArrayList<>();
        try (Stream<Path> files = Files.walk(SOURCES)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                String code = withoutComments(read(file));
                int range = RANGES.getOrDefault(feature(file), 8);
                Matcher call = CALL.matcher(code);
                while (call.find()) {
                    String args = arguments(code, call.end());
                    String where = file.getFileName() + ": LOG." + call.group(1) + "(" + args + ")";
                    Matcher use = ID_USE.matcher(args);
                    if (!use.find()) {
                        // the audit trail's per-entry lines: a documented format that hosts parse, left as it is
                        if (!args.contains("AuditLines.line(")) {
                            problems.add("no LogId.X.message(...) in " + where);
                        }
                        continue;
                    }
                    LogId id = LogId.valueOf(use.group(1));
                    if (use.find()) {
                        problems.add("more than one LogId in " + where);
                    }
                    if (id.number() / 1000 != range) {
                        problems.add(id + " is outside the " + range + "xxx range of its package in " + where);
                    }
                    levels.computeIfAbsent(id, any -> new HashSet<>()).add(level(call.group(1), args, where));
                }
            }
        }
        assertEquals(List.of(), problems);
        assertTrue(levels.size() > 20, () -> "the scan found too few log calls: " + levels.keySet());
        return levels;
    }

    /** The feature directory under dev/kickout (or dev/kickout/internal), or "" for a root package. */
    private static String feature(Path file) {
        Path relative = SOURCES.relativize(file);
        if (relative.getName(0).toString().equals("internal")) {
            relative = relative.subpath(1, relative.getNameCount());
        }
        return relative.getNameCount() > 1 ? relative.getName(0).toString() : "";
    }

    private static String level(String method, String args, String where) {
        if (method.equals("log")) {
            Matcher level = LEVEL.matcher(args);
            assertTrue(level.find(), () -> "a level constant first in " + where);
            return level.group(1);
        }
        return method.toUpperCase(Locale.ROOT);
    }

    /** The text between the parenthesis opened just before {@code from} and the one that closes it. */
    private static String arguments(String code, int from) {
        int depth = 1;
        for (int i = from; i < code.length(); i++) {
            char c = code.charAt(i);
            if (c == '"' || c == '\'') {
                i = endOfLiteral(code, i);
            } else if (c == '(') {
                depth++;
            } else if (c == ')' && --depth == 0) {
                return code.substring(from, i);
            }
        }
        throw new AssertionError("unclosed call at " + from);
    }

    /** The source with every comment blanked out, string and char literals kept. */
    private static String withoutComments(String source) {
        StringBuilder out = new StringBuilder(source.length());
        for (int i = 0; i < source.length(); i++) {
            char c = source.charAt(i);
            if (c == '"' || c == '\'') {
                int end = endOfLiteral(source, i);
                out.append(source, i, end + 1);
                i = end;
            } else if (source.startsWith("//", i)) {
                i = source.indexOf('\n', i) < 0 ? source.length() : source.indexOf('\n', i) - 1;
            } else if (source.startsWith("/*", i)) {
                i = source.indexOf("*/", i + 2) + 1;
                out.append(' ');
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }

    /** The index of the quote that closes the string, text block or char literal opening at {@code start}. */
    private static int endOfLiteral(String code, int start) {
        if (code.startsWith("\"\"\"", start)) {
            return code.indexOf("\"\"\"", start + 3) + 2;
        }
        char quote = code.charAt(start);
        for (int i = start + 1; i < code.length(); i++) {
            if (code.charAt(i) == '\\') {
                i++;
            } else if (code.charAt(i) == quote) {
                return i;
            }
        }
        throw new AssertionError("unclosed literal at " + start);
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
