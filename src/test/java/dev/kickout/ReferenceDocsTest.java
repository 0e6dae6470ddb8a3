package dev.kickout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.internal.push.PushEvent;
import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The reference pages list what the code has: every problem code with its status, every stream event. */
class ReferenceDocsTest {

    /** A row of docs/reference/problem-codes.md: {@code | `LOCK_HELD` | 423 | meaning | members |}. */
    private static final Pattern CODE_ROW = Pattern.compile("^\\|\\s*`([A-Z_]+)`\\s*\\|\\s*(\\d{3})\\s*\\|(.*)\\|.*\\|\\s*$");

    @Test
    void everyProblemCodeHasOneRowWithItsStatus() throws IOException {
        Map<String, Integer> rows = new TreeMap<>();
        for (String line : Files.readAllLines(Path.of("docs/reference/problem-codes.md"))) {
            Matcher row = CODE_ROW.matcher(line);
            if (row.matches()) {
                assertTrue(!row.group(3).isBlank(), () -> "a meaning: " + line);
                assertEquals(null, rows.put(row.group(1), Integer.valueOf(row.group(2))), () -> "documented twice: " + line);
            }
        }
        Map<String, Integer> expected = new TreeMap<>();
        for (ProblemCode code : ProblemCode.values()) {
            expected.put(code.name(), code.status());
        }
        assertEquals(expected, rows, "docs/reference/problem-codes.md: one row per ProblemCode, with its status");
    }

    @Test
    void everyStreamEventHasARow() throws IOException, IllegalAccessException {
        String page = Files.readString(Path.of("docs/reference/events.md"));
        int events = 0;
        for (Field field : PushEvent.class.getFields()) {
            if (Modifier.isStatic(field.getModifiers()) && field.getType() == String.class) {
                String row = "| `" + field.get(null) + "` |";
                assertTrue(page.contains(row), () -> "docs/reference/events.md has no row " + row);
                events++;
            }
        }
        assertTrue(events >= 6, "the scan found too few event names: " + events);
    }
}
