package dev.kickout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.internal.session.Tombstone;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** {@link ProblemCode} is the one list of codes: no refusal in the sources names a code it does not have. */
class ProblemCodeTest {

    /** A status and a literal code handed to a refusal or a problem body, e.g. {@code (409, "LOCK_LOST"}. */
    private static final Pattern LITERAL = Pattern.compile("\\(\\s*\\d{3}\\s*,\\s*\"([A-Z][A-Z_]+)\"");

    @Test
    void theSourcesNameNoCodeOutsideTheEnum() throws IOException {
        List<String> literals = new ArrayList<>();
        try (Stream<Path> files = Files.walk(Path.of("src/main/java"))) {
            files.filter(f -> f.toString().endsWith(".java")).forEach(f -> {
                Matcher m = LITERAL.matcher(read(f));
                while (m.find()) {
                    literals.add(f.getFileName() + ": " + m.group(1));
                }
            });
        }
        assertEquals(List.of(), literals, "codes written as literals instead of ProblemCode");
    }

    @Test
    void revocationCodesAreProblemCodes() {
        for (String code : List.of(Tombstone.KICKED, Tombstone.REPLACED, Tombstone.LOGGED_OUT)) {
            assertEquals(401, ProblemCode.valueOf(code).status(), code);
        }
    }

    @Test
    void statusesAreTheContracts() {
        for (ProblemCode code : ProblemCode.values()) {
            assertTrue(code.status() >= 400 && code.status() < 600, code::name);
            KickoutException e = new KickoutException(code, "x");
            assertEquals(code.name(), e.code());
            assertEquals(code.status(), e.status());
        }
        assertEquals(423, ProblemCode.LOCK_HELD.status());
        assertEquals(503, ProblemCode.STORE_UNAVAILABLE.status());
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
