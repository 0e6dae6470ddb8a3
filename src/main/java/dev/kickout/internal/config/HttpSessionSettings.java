package dev.kickout.internal.config;

import java.util.List;
import java.util.regex.Pattern;

/**
 * HttpSession mode ({@code kickout.http-session.*}): a container login is bound to a Kickout session.
 *
 * @param refusedPage the context-relative page refused page loads go to, or "" for the requested page again
 * @param roles       container roles to copy into the Kickout session, besides the admin role
 * @param moduleSignIn whether the module's own sign-in endpoints answer beside the container's login
 * @param storeDown   what a signed-in {@code HttpSession}'s requests get while Redis cannot serve
 */
public record HttpSessionSettings(boolean enabled, String refusedPage, RequestValue deviceType, RequestValue clientId,
                                  List<String> roles, boolean moduleSignIn, StoreDown storeDown) {

    /** While Redis cannot serve: refuse the container's signed-in sessions (503), or let its identity serve them. */
    public enum StoreDown { REFUSE, ALLOW }

    /** Whether the module's own sign-in endpoints answer: always outside HttpSession mode, in it only when asked for. */
    public boolean moduleSignInOpen() {
        return !enabled || moduleSignIn;
    }

    /** Where a login's device type or client id comes from: a fixed label, a header or a cookie. */
    public record RequestValue(String fixed, String header, String cookie) {
    }

    private static final Pattern SOURCE = Pattern.compile("(header|cookie):[A-Za-z0-9!#$%&'*+.^_`|~-]{1,64}|[A-Za-z0-9._-]{1,64}");
    private static final Converters.Expecting<RequestValue> REQUEST_VALUE = Converters.Expecting.of(
            "a label, header:<name> or cookie:<name>", value -> {
                if (!SOURCE.matcher(value).matches()) {
                    return null;
                }
                if (value.startsWith("header:")) {
                    return new RequestValue(null, value.substring(7), null);
                }
                return value.startsWith("cookie:") ? new RequestValue(null, null, value.substring(7)) : new RequestValue(value, null, null);
            });

    static HttpSessionSettings read(SettingReader reader) {
        return new HttpSessionSettings(reader.read(Setting.HTTP_SESSION_ENABLED, Converters.BOOLEAN),
                reader.read(Setting.HTTP_SESSION_REFUSED_PAGE, Converters.PAGE_OR_NONE),
                reader.read(Setting.HTTP_SESSION_DEVICE_TYPE, REQUEST_VALUE),
                reader.read(Setting.HTTP_SESSION_CLIENT_ID, REQUEST_VALUE),
                reader.read(Setting.HTTP_SESSION_ROLES, Converters.listOf(Converters.Expecting.of("", role -> role), "comma-separated roles")),
                reader.read(Setting.HTTP_SESSION_MODULE_SIGN_IN, Converters.BOOLEAN),
                reader.read(Setting.HTTP_SESSION_STORE_DOWN, Converters.oneOf(StoreDown.class)));
    }
}
