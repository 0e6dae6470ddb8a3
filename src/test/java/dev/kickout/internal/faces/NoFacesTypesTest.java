package dev.kickout.internal.faces;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The module deploys in a host without Jakarta Faces: no compiled module class (the reference app's
 * {@code demo} package aside) refers to a {@code jakarta.faces} type, so the container's class and bean
 * scanning never needs one. The Faces component lives in resources only, read by Faces when it is there.
 */
class NoFacesTypesTest {

    private static final Path CLASSES = Path.of("target/classes/dev/kickout");

    @Test
    void noModuleClassRefersToFaces() throws IOException {
        try (Stream<Path> files = Files.walk(CLASSES)) {
            List<Path> classes = files.filter(f -> f.toString().endsWith(".class"))
                    .filter(f -> !CLASSES.relativize(f).startsWith("demo")).toList();
            assertTrue(classes.stream().anyMatch(f -> f.endsWith("ViewLocks.class")), "the Faces component's bean is scanned too");
            List<Path> offenders = classes.stream().filter(NoFacesTypesTest::refersToFaces).toList();
            assertEquals(List.of(), offenders);
        }
    }

    @Test
    void theDemoDoesSoTheCheckCanFail() {
        assertTrue(refersToFaces(CLASSES.resolve("demo/DocumentEdit.class")));
    }

    /** A class's constant pool names every type it uses, as {@code jakarta/faces/...}. */
    private static boolean refersToFaces(Path classFile) {
        try {
            return new String(Files.readAllBytes(classFile), StandardCharsets.ISO_8859_1).contains("jakarta/faces/");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
