package dev.kickout.internal.rest;

import static org.junit.jupiter.api.Assertions.assertEquals;

import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletRegistration;
import java.lang.reflect.Proxy;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The REST root told to browsers: the application's first {@code /x/*} mapping under the context path, else the default. */
class ApiRootTest {

    @ParameterizedTest(name = "context \"{0}\", mappings [{1}] -> {2}")
    @CsvSource(delimiter = ';', value = {
            "/shop;;/shop/kickout/api/",
            ";;/kickout/api/",
            "/kickout;/api/*;/kickout/api/",
            "/shop;/rest/*,/api/*;/shop/api/",
            "/shop;*.do;/shop/kickout/api/",
            "/shop;/*;/shop/kickout/api/",
            "/shop;/a/b/*;/shop/a/b/",
    })
    void theRootIsTheApplicationsMapping(String context, String mappings, String expected) {
        List<String> list = mappings == null ? null : List.of(mappings.split(","));
        assertEquals(expected, ApiRoot.of(context(context == null ? "" : context, list)));
    }

    /** A servlet context with this path, where the application is registered with these mappings (null: not at all). */
    private static ServletContext context(String path, List<String> mappings) {
        ServletRegistration registration = (ServletRegistration) Proxy.newProxyInstance(ApiRootTest.class.getClassLoader(),
                new Class<?>[] {ServletRegistration.class}, (proxy, method, args) -> switch (method.getName()) {
                    case "getMappings" -> mappings;
                    default -> throw new UnsupportedOperationException(method.getName());
                });
        return (ServletContext) Proxy.newProxyInstance(ApiRootTest.class.getClassLoader(), new Class<?>[] {ServletContext.class},
                (proxy, method, args) -> switch (method.getName()) {
                    case "getContextPath" -> path;
                    case "getServletRegistration" -> mappings == null ? null : registration;
                    default -> throw new UnsupportedOperationException(method.getName());
                });
    }

}
