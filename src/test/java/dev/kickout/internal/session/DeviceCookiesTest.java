package dev.kickout.internal.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.internal.config.KickoutConfig;
import dev.kickout.internal.config.TestSettings;
import dev.kickout.internal.rest.PublicOrigin;
import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServletRequest;
import java.lang.reflect.Proxy;
import org.junit.jupiter.api.Test;

/** The device cookie takes the __Host- prefix where the session cookie does, and then only the prefixed one counts. */
class DeviceCookiesTest {

    private static final String VALUE = Tokens.newDeviceCookie();

    @Test
    void overTlsItIsHostOnlyAndAPlainOneIsIgnored() {
        DeviceCookies devices = devices(true);
        HttpServletRequest request = request(new Cookie("KICKOUT_DEVICE", VALUE));

        String issued = devices.issue(request, VALUE);
        assertTrue(issued.startsWith("__Host-KICKOUT_DEVICE=" + VALUE + "; Path=/;"), issued);
        assertTrue(issued.endsWith("; Secure"), issued);
        assertNull(devices.presented(request), "a cookie a sibling domain could have set");
        assertEquals(VALUE, devices.presented(request(new Cookie("__Host-KICKOUT_DEVICE", VALUE))));
    }

    @Test
    void overPlainHttpItKeepsItsNameAndTheContextPath() {
        DeviceCookies devices = devices(false);
        HttpServletRequest request = request(new Cookie("KICKOUT_DEVICE", VALUE));

        String issued = devices.issue(request, VALUE);
        assertTrue(issued.startsWith("KICKOUT_DEVICE=" + VALUE + "; Path=/app;"), issued);
        assertEquals(VALUE, devices.presented(request));
        assertNull(devices.presented(request(new Cookie("KICKOUT_DEVICE", "not-a-device-cookie"))));
    }

    private static DeviceCookies devices(boolean secure) {
        KickoutConfig config = TestSettings.load();
        PublicOrigin origin = new PublicOrigin() {
            @Override
            public boolean secure(HttpServletRequest request) {
                return secure;
            }
        };
        SessionCookies sessionCookies = new SessionCookies();
        sessionCookies.config = config;
        sessionCookies.origin = origin;
        DeviceCookies devices = new DeviceCookies();
        devices.config = config;
        devices.origin = origin;
        devices.sessionCookies = sessionCookies;
        return devices;
    }

    private static HttpServletRequest request(Cookie... cookies) {
        return (HttpServletRequest) Proxy.newProxyInstance(DeviceCookiesTest.class.getClassLoader(),
                new Class<?>[] {HttpServletRequest.class}, (proxy, method, args) -> switch (method.getName()) {
                    case "getCookies" -> cookies;
                    case "getContextPath" -> "/app";
                    default -> throw new UnsupportedOperationException(method.getName());
                });
    }
}
