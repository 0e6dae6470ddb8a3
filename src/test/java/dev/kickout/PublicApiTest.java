package dev.kickout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The public surface is a decision: every public type outside {@code dev.kickout.internal} (and the reference
 * app) is listed in {@code public-api.txt}, has javadoc with {@code @since}, and shows no internal type in
 * anything a host can reach (supertypes, public and protected members, record components).
 */
class PublicApiTest {

    private static final Path CLASSES = Path.of("target/classes");
    private static final Path SOURCES = Path.of("src/main/java");
    private static final String INTERNAL = "dev.kickout.internal";

    @Test
    void thePublicTypesAreTheListedOnes() throws IOException {
        List<String> listed = Files.readAllLines(Path.of("src/test/resources/public-api.txt")).stream()
                .filter(line -> !line.isBlank() && !line.startsWith("#")).toList();
        assertEquals(new TreeSet<>(listed), new TreeSet<>(publicTypes()),
                "public types outside dev.kickout.internal: add a new one to src/test/resources/public-api.txt "
                        + "only if hosts are meant to use it, else make it package-private or move it to an internal package");
    }

    @Test
    void everyPublicTypeSaysSinceWhen() throws IOException {
        for (String type : publicTypes()) {
            String source = Files.readString(SOURCES.resolve(type.replace('.', '/') + ".java"));
            assertTrue(source.contains("@since"), type + " has no @since in its javadoc");
        }
    }

    @Test
    void noPublicTypeShowsAnInternalOne() throws Exception {
        List<String> leaks = new ArrayList<>();
        for (String name : publicTypes()) {
            Class<?> type = Class.forName(name, false, getClass().getClassLoader());
            check(leaks, name + " extends", type.getGenericSuperclass());
            for (Type implemented : type.getGenericInterfaces()) {
                check(leaks, name + " implements", implemented);
            }
            if (type.isRecord()) {
                for (RecordComponent component : type.getRecordComponents()) {
                    check(leaks, name + "." + component.getName(), component.getGenericType());
                }
            }
            for (Field field : type.getDeclaredFields()) {
                if (reachable(field)) {
                    check(leaks, name + "." + field.getName(), field.getGenericType());
                }
            }
            for (Method method : type.getDeclaredMethods()) {
                if (reachable(method) && !method.isSynthetic()) {
                    check(leaks, name + "." + method.getName() + "()", method.getGenericReturnType());
                    for (Parameter parameter : method.getParameters()) {
                        check(leaks, name + "." + method.getName() + "(" + parameter.getName() + ")",
                                parameter.getParameterizedType());
                    }
                }
            }
            for (Constructor<?> constructor : type.getDeclaredConstructors()) {
                if (reachable(constructor)) {
                    for (Parameter parameter : constructor.getParameters()) {
                        check(leaks, name + "(" + parameter.getName() + ")", parameter.getParameterizedType());
                    }
                }
            }
        }
        assertEquals(List.of(), leaks, "internal types in the public API");
    }

    private static boolean reachable(Member member) {
        return Modifier.isPublic(member.getModifiers()) || Modifier.isProtected(member.getModifiers());
    }

    private static void check(List<String> leaks, String where, Type type) {
        if (type != null && type.getTypeName().contains(INTERNAL)) {
            leaks.add(where + ": " + type.getTypeName());
        }
    }

    /** Public top-level types of the module outside its internal packages and the reference app. */
    static List<String> publicTypes() throws IOException {
        try (Stream<Path> files = Files.walk(CLASSES.resolve("dev/kickout"))) {
            return files.map(file -> CLASSES.relativize(file).toString())
                    .filter(file -> file.endsWith(".class") && !file.contains("$") && !file.endsWith("package-info.class"))
                    .map(file -> file.substring(0, file.length() - ".class".length()).replace('/', '.'))
                    .filter(name -> !name.startsWith(INTERNAL + ".") && !name.startsWith("dev.kickout.demo."))
                    .filter(PublicApiTest::isPublic)
                    .sorted().toList();
        }
    }

    private static boolean isPublic(String name) {
        try {
            return Modifier.isPublic(Class.forName(name, false, PublicApiTest.class.getClassLoader()).getModifiers());
        } catch (ClassNotFoundException e) {
            throw new IllegalStateException(e);
        }
    }
}
