package dev.kickout.bench;

import dev.kickout.internal.session.ClientInfo;
import dev.kickout.internal.session.Identity;
import dev.kickout.internal.session.SessionService;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.DefaultValue;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.Map;
import java.util.Set;

/**
 * Bench-only endpoint (WrkBench's WAR, behind the token filter): opens {@code perUser} sessions for each of the
 * users {@code <prefix>-<from>} .. {@code <prefix>-<to - 1>} (user agent {@code bench/1.0} unless another is
 * given) through {@link SessionService}, as RedisMemoryBench
 * does in the server, so Redis memory per session is measured without HTTP logins of made-up users.
 */
@Path("bench/sessions")
@RequestScoped
public class SessionFill {

    static final int MAX_PER_CALL = 1000;

    @Inject
    SessionService sessions;

    @POST
    @Produces(MediaType.APPLICATION_JSON)
    public Map<String, Integer> open(@QueryParam("prefix") String prefix, @QueryParam("from") int from,
                                     @QueryParam("to") int to, @QueryParam("perUser") int perUser,
                                     @QueryParam("userAgent") @DefaultValue("bench/1.0") String userAgent) {
        if (prefix == null || to <= from || perUser < 1 || (long) (to - from) * perUser > MAX_PER_CALL) {
            throw new BadRequestException("prefix, from < to, perUser >= 1, at most " + MAX_PER_CALL);
        }
        int opened = 0;
        for (int u = from; u < to; u++) {
            String userId = prefix + "-" + u;
            for (int s = 0; s < perUser; s++) {
                sessions.open(new Identity(userId, userId, Set.of("user")),
                        new ClientInfo(s % 2 == 0 ? "web" : "phone", "client-" + u + "-" + s, "127.0.0.1", userAgent));
                opened++;
            }
        }
        return Map.of("opened", opened);
    }
}
