package dev.kickout.session;

import dev.kickout.TooManyAttemptsException;
import dev.kickout.config.KickoutConfig;
import dev.kickout.i18n.Text;
import dev.kickout.redis.RedisKeys;
import dev.kickout.redis.RedisStore;
import dev.kickout.redis.Script;
import dev.kickout.session.LoginThrottled.Kind;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import org.redisson.api.RBatch;
import org.redisson.client.codec.StringCodec;

/**
 * Counts failed logins per username and per client address in Redis, so that every app-server
 * instance sees the same counts, and refuses further attempts once either reaches its limit
 * within {@code kickout.login.throttle.window}: 429 TOO_MANY_ATTEMPTS, Retry-After = what is left
 * of the window. The window starts with the first failure; a successful login clears the
 * username's count. Reads {@code kickout.login.throttle.*}.
 */
@ApplicationScoped
class LoginThrottle {

    @Inject
    RedisStore redis;
    @Inject
    RedisKeys keys;
    @Inject
    KickoutConfig config;
    @Inject
    Event<LoginThrottled> throttled;

    /** Refuses the attempt if the username or the address is throttled; one round trip. */
    void check(String username, String address) {
        String userKey = keys.loginFailuresOfUser(username);
        String addressKey = address == null ? null : keys.loginFailuresOfAddress(address);
        List<?> replies = redis.call(client -> {
            RBatch batch = client.createBatch();
            batch.getBucket(userKey, StringCodec.INSTANCE).getAsync();
            batch.getBucket(userKey, StringCodec.INSTANCE).remainTimeToLiveAsync();
            if (addressKey != null) {
                batch.getBucket(addressKey, StringCodec.INSTANCE).getAsync();
                batch.getBucket(addressKey, StringCodec.INSTANCE).remainTimeToLiveAsync();
            }
            return batch.execute().getResponses();
        });
        refuseIfReached(replies.get(0), replies.get(1), config.loginThrottleMaxPerUser(),
                "throttle.user");
        if (addressKey != null) {
            refuseIfReached(replies.get(2), replies.get(3), config.loginThrottleMaxPerAddress(),
                    "throttle.address");
        }
    }

    /** Counts a failed attempt; the failure that reaches a limit fires {@link LoginThrottled}, once. */
    void failed(String username, String address) {
        count(Kind.USER, username, keys.loginFailuresOfUser(username), config.loginThrottleMaxPerUser());
        if (address != null) {
            count(Kind.ADDRESS, address, keys.loginFailuresOfAddress(address), config.loginThrottleMaxPerAddress());
        }
    }

    /** A successful login clears the username's failures (not the address's). */
    void succeeded(String username) {
        redis.call(client -> client.getBucket(keys.loginFailuresOfUser(username), StringCodec.INSTANCE).delete());
    }

    private void count(Kind kind, String subject, String key, int max) {
        List<Object> reply = redis.run(Script.LOGIN_FAILURE, List.of(key), config.loginThrottleWindow().toMillis());
        if (((Long) reply.get(0)) == max) {
            throttled.fire(new LoginThrottled(kind, subject, max, config.loginThrottleWindow()));
        }
    }

    private static void refuseIfReached(Object failures, Object millisLeft, int max, String messageKey) {
        if (failures != null && Long.parseLong((String) failures) >= max) {
            long left = ((Number) millisLeft).longValue();
            Duration retryAfter = Duration.ofMillis(left > 0 ? left : 1000).plusMillis(999).withNanos(0);
            throw new TooManyAttemptsException(Text.of(messageKey, String.valueOf(retryAfter.toSeconds())), retryAfter);
        }
    }
}
