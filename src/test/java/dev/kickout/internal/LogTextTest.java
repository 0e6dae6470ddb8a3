package dev.kickout.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LogTextTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "plain-id_1.2|plain-id_1.2",
            "a\\b|a\\\\b",
            "ünïcödé ✓|ünïcödé ✓"})
    void leavesOrdinaryTextAloneAndEscapesBackslashes(String in, String out) {
        assertEquals(out, LogText.escape(in));
    }

    @Test
    void escapesLineBreaksAndEveryControlCharacter() {
        assertEquals("x\\r\\ny\\tz\\u0000\\u001b\\u007f\\u0085\\u2028\\u2029",
                LogText.escape("x\r\ny\tz\u0000\u001b\u007f\u0085\u2028\u2029"));
        assertEquals("null", LogText.escape(null));
        assertEquals("42", LogText.escape(42));
    }

    @Test
    void noControlCharacterSurvivesAnyInput() {
        StringBuilder all = new StringBuilder();
        for (char c = 0; c < 0x3000; c++) {
            all.append(c);
        }
        String escaped = LogText.escape(all.toString());
        escaped.chars().forEach(c -> assertFalse(Character.isISOControl(c) || c == 0x2028 || c == 0x2029,
                () -> "raw U+" + Integer.toHexString(c)));
    }

    @Test
    void anEscapedFailurePrintsItsClassAndEscapedMessagesWithTheSameTrace() {
        IllegalStateException cause = new IllegalStateException("cause\r\nFORGED");
        RuntimeException failure = new RuntimeException("outer\nline", cause);
        failure.addSuppressed(new IllegalArgumentException("sup\r"));

        Throwable safe = LogText.safe(failure);
        StringWriter printed = new StringWriter();
        safe.printStackTrace(new PrintWriter(printed));
        String[] lines = printed.toString().split("\n");

        assertEquals("java.lang.RuntimeException: outer\\nline", lines[0].strip());
        assertTrue(printed.toString().contains("Caused by: java.lang.IllegalStateException: cause\\r\\nFORGED"), printed::toString);
        assertTrue(printed.toString().contains("Suppressed: java.lang.IllegalArgumentException: sup\\r"), printed::toString);
        assertFalse(printed.toString().contains("\r"), "a raw CR in the printed trace");
        assertEquals(failure.getStackTrace().length, safe.getStackTrace().length);
        assertEquals(failure.getStackTrace()[0], safe.getStackTrace()[0]);
        assertSame(safe, LogText.safe(safe));
        assertNull(LogText.safe(null));
    }

    /** Redisson's connection failures share causes and suppressed failures between branches, and may loop. */
    @Test
    void sharedAndLoopingFailuresAreCopiedOnceEach() {
        RuntimeException root = new RuntimeException("root");
        RuntimeException level = root;
        for (int i = 0; i < 40; i++) {
            RuntimeException next = new RuntimeException("level " + i, level);
            next.addSuppressed(level);
            level = next;
        }
        RuntimeException loop = new RuntimeException("loop");
        root.initCause(loop);
        loop.initCause(level);

        Throwable copy = LogText.safe(level);

        java.util.Set<Throwable> copies = java.util.Collections.newSetFromMap(new java.util.IdentityHashMap<>());
        java.util.Deque<Throwable> todo = new java.util.ArrayDeque<>(java.util.List.of(copy));
        while (!todo.isEmpty()) {
            Throwable t = todo.pop();
            if (copies.add(t)) {
                if (t.getCause() != null) {
                    todo.push(t.getCause());
                }
                todo.addAll(java.util.List.of(t.getSuppressed()));
            }
        }
        assertEquals(42, copies.size(), "one copy per original throwable");
        assertTrue(copy.toString().contains("level 39"));
    }
}
