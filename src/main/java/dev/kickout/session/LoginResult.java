package dev.kickout.session;

import java.util.List;

/** Answer of a successful login: the new token (shown only here), its session, and the sessions it replaced. */
public record LoginResult(String token, SessionView session, List<String> replaced) {
}
