package dev.kickout.internal.session;

import static org.junit.jupiter.api.Assertions.assertEquals;

import jakarta.servlet.http.HttpServletRequest;
import java.lang.reflect.Proxy;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Two session cookies are found in the raw headers, whatever the container keeps of them. */
class DuplicateCookieTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "KICKOUT_SESSION=a                                  | | false",
            "KICKOUT_SESSION=a; KICKOUT_SESSION=b               | | true",
            "KICKOUT_SESSION=a;KICKOUT_SESSION=a                | | true",
            "KICKOUT_SESSION=a; KICKOUT_CSRF=b; X_KICKOUT_SESSION=c | | false",
            "KICKOUT_SESSION=a                                  | KICKOUT_SESSION=b | true",
            "other=1                                            | KICKOUT_SESSION=b | false",
            "__Host-KICKOUT_SESSION=a; KICKOUT_SESSION=b        | | false",
    })
    void countsTheNameAcrossAllCookieHeaders(String first, String second, boolean twice) {
        List<String> headers = second == null ? List.of(first.trim()) : List.of(first.trim(), second.trim());
        HttpServletRequest request = (HttpServletRequest) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {HttpServletRequest.class}, (proxy, m, args) -> {
                    if (m.getName().equals("getHeaders") && "Cookie".equals(args[0])) {
                        return Collections.enumeration(headers);
                    }
                    throw new UnsupportedOperationException(m.getName());
                });
        assertEquals(twice, RequestCredentials.sentTwice(request, "KICKOUT_SESSION"));
    }
}
