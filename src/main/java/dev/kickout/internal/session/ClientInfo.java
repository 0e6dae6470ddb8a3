package dev.kickout.internal.session;

import dev.kickout.internal.Checks;

/**
 * Where a login comes from, as the session view shows it.
 *
 * @param deviceType what the login policy groups by ("web", "mobile", ...)
 * @param clientId   the client's own id for this browser or app install
 * @param ip         remote address
 * @param userAgent  User-Agent header, cut to 256 characters
 */
public record ClientInfo(String deviceType, String clientId, String ip, String userAgent) {

    public ClientInfo {
        Checks.matching("deviceType", deviceType, Checks.LABEL);
        Checks.matching("clientId", clientId, Checks.LABEL);
        userAgent = userAgent == null || userAgent.length() <= 256 ? userAgent : userAgent.substring(0, 256);
    }
}
