package dev.kickout;

import java.time.Instant;

/**
 * A ban of a user: while it lasts every sign-in of {@code userId} is refused with 403 {@code ACCOUNT_SUSPENDED}
 * (the module's login, and in HttpSession mode the container's: FORM, remember-me, single sign-on).
 *
 * @param userId the banned user (the name the user signs in with)
 * @param until  when the ban ends by itself
 * @param reason the text the administrator gave
 * @param by     who banned (a user id, {@code system}, or null)
 * @param at     when the ban was set
 * @since 1.1
 */
public record BanView(String userId, Instant until, String reason, String by, Instant at) {
}
