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
 * The layers read top-down (package-info of {@code dev.kickout.internal}): the public API and the registry
 * of the module's resources on top, the features under them, the shared layers at the bottom. A shared layer
 * imports no feature and nothing of the top; a feature imports no registry, Application or facade.
 */
class LayersTest {

    private static final Path INTERNAL = Path.of("src/main/java/dev/kickout/internal");
    private static final List<String> SHARED = List.of("config", "i18n", "metrics", "redis", "rest");
    private static final Pattern IMPORT = Pattern.compile("^import (?:static )?(dev\\.kickout\\.[\\w.]+);", Pattern.MULTILINE);
    private static final Pattern FEATURE = Pattern.compile("dev\\.kickout\\.internal\\.(?!(?:config|i18n|metrics|redis|rest)\\.)[a-z]+\\..*");
    private static final Pattern TOP = Pattern.compile("dev\\.kickout\\.(Kickout|KickoutResources|KickoutApplication|OpenApiFilter|CurrentSession)(\\..*)?");

    @Test
    void sharedLayersKnowNoFeatureAndNothingAbove() throws IOException {
        List<String> wrong = new ArrayList<>();
        for (Path file : sources(INTERNAL)) {
            Path relative = INTERNAL.relativize(file);
            boolean shared = relative.getNameCount() == 1 || SHARED.contains(relative.getName(0).toString());
            for (String imported : imports(file)) {
                if (TOP.matcher(imported).matches() || shared && FEATURE.matcher(imported).matches()) {
                    wrong.add(relative + " imports " + imported);
                }
            }
        }
        assertEquals(List.of(), wrong);
    }

    @Test
    void theScanSeesTheFeatures() throws IOException {
        long featureImports = sources(INTERNAL).stream().flatMap(file -> imports(file).stream())
                .filter(imported -> FEATURE.matcher(imported).matches()).count();
        assertTrue(featureImports > 50, "too few imports of features found: " + featureImports);
    }

    private static List<Path> sources(Path root) throws IOException {
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(file -> file.toString().endsWith(".java")).toList();
        }
    }

    private static List<String> imports(Path file) {
        try {
            List<String> imports = new ArrayList<>();
            Matcher matcher = IMPORT.matcher(Files.readString(file));
            while (matcher.find()) {
                imports.add(matcher.group(1));
            }
            return imports;
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
