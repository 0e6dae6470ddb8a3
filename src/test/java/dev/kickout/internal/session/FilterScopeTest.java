package dev.kickout.internal.session;

import static org.junit.jupiter.api.Assertions.assertEquals;

import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletRegistration;
import jakarta.servlet.http.HttpServletRequest;
import java.lang.reflect.Proxy;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class FilterScopeTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "/api/*            | /api",
            "/rest/*,/v1/*     | /rest,/v1",
            "/kickout/api/*    | /kickout/api",
            "/exact            | /kickout/api",
            "-                 | /kickout/api",
    })
    void theRootIsWhereTheApplicationIsMapped(String mappings, String roots) {
        ServletContext context = context(mappings.equals("-") ? null : Arrays.asList(mappings.split(",")));
        assertEquals(Arrays.asList(roots.split(",")), FilterScope.roots(context));
    }

    @ParameterizedTest
    @CsvSource({
            "OPTIONS, http://127.0.0.1:9, GET, true",
            "OPTIONS, http://127.0.0.1:9, , false",
            "OPTIONS, , GET, false",
            "GET, http://127.0.0.1:9, GET, false",
    })
    void onlyACorsPreflightPasses(String method, String origin, String requestMethod, boolean preflight) {
        Map<String, String> headers = new HashMap<>();
        if (origin != null) {
            headers.put("Origin", origin);
        }
        if (requestMethod != null) {
            headers.put("Access-Control-Request-Method", requestMethod);
        }
        HttpServletRequest request = (HttpServletRequest) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {HttpServletRequest.class}, (proxy, m, args) -> switch (m.getName()) {
                    case "getMethod" -> method;
                    case "getHeader" -> headers.get((String) args[0]);
                    default -> throw new UnsupportedOperationException(m.getName());
                });
        assertEquals(preflight, FilterScope.preflight(request));
    }

    private ServletContext context(List<String> mappings) {
        ServletRegistration registration = mappings == null ? null : (ServletRegistration) Proxy.newProxyInstance(
                getClass().getClassLoader(), new Class<?>[] {ServletRegistration.class}, (proxy, m, args) -> {
                    if (m.getName().equals("getMappings")) {
                        return mappings;
                    }
                    throw new UnsupportedOperationException(m.getName());
                });
        return (ServletContext) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] {ServletContext.class},
                (proxy, m, args) -> {
                    if (m.getName().equals("getServletRegistration") && FilterScope.APPLICATION.equals(args[0])) {
                        return registration;
                    }
                    throw new UnsupportedOperationException(m.getName());
                });
    }
}
