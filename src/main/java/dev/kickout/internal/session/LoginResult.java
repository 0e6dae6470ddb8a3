package dev.kickout.internal.session;

import dev.kickout.SessionView;
import java.util.List;

/** Answer of a successful login: the new token (shown only here), its session, and the sessions it replaced. */
public record LoginResult(String token, SessionView session, List<String> replaced) {
}
