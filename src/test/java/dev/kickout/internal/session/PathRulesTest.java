package dev.kickout.internal.session;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PathRulesTest {

    private final PathRules rules = new PathRules(List.of("/api/*", "/legacy/save"), List.of("/api/auth/login", "/api/public/*"));

    @ParameterizedTest
    @CsvSource({
            "/api/auth/me, true",
            "/api, true",
            "/api/, true",
            "/apix, false",
            "/api/auth/login, false",
            "/api/auth/login/x, true",
            "/api/public/doc, false",
            "/api/public, false",
            "/legacy/save, true",
            "/legacy/save/2, false",
            "/index.html, false",
    })
    void guardsIncludedPathsMinusExcluded(String path, boolean guarded) {
        assertEquals(guarded, rules.guards(path));
    }
}
