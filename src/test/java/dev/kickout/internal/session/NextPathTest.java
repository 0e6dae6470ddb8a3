package dev.kickout.internal.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class NextPathTest {

    @ParameterizedTest
    @ValueSource(strings = {"//evil.example", "///evil.example", "https://evil.example", "http:evil.example", "/\\evil.example",
            "\\\\evil.example", "evil.example", "javascript:alert(1)", "/%2F%2Fevil.example", "/%2fevil", "/../other-app",
            "/a/..", " /x", "/a\r\nSet-Cookie:x", "/a b", "/\u00e9", ""})
    void unsafeTargetsMeanTheContextRoot(String next) {
        assertNull(NextPath.safe(next));
        assertEquals("/kickout/", NextPath.afterLogin("/kickout", next));
    }

    @ParameterizedTest
    @ValueSource(strings = {"/", "/cookie/demo", "/documents.html?id=7&x=%20", "/a/b/c#top", "/a..b"})
    void contextRelativePathsAreKept(String next) {
        assertEquals(next, NextPath.safe(next));
        assertEquals("/kickout" + next, NextPath.afterLogin("/kickout", next));
    }

    @org.junit.jupiter.api.Test
    void longTargetsAreRefused() {
        assertNull(NextPath.safe("/" + "a".repeat(NextPath.MAX_LENGTH)));
        assertEquals("/", NextPath.afterLogin("", null), "an app at the root context");
    }

    @org.junit.jupiter.api.Test
    void theSignInTargetCarriesTheCodeAndTheEncodedNext() {
        assertEquals("/kickout/signin.html?reason=KICKED&next=%2Fcookie%2Fdemo%3Ftab%3D2",
                NextPath.signIn("/kickout", "/signin.html", "reason", "KICKED", "/cookie/demo?tab=2"));
        assertEquals("/signin.xhtml?x=1&error=BAD_CREDENTIALS",
                NextPath.signIn("", "/signin.xhtml?x=1", "error", "BAD_CREDENTIALS", "//evil"));
    }
}
