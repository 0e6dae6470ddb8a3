package dev.kickout.internal.session;

import dev.kickout.event.LoginThrottled;
import dev.kickout.event.LoginThrottled.Kind;
import dev.kickout.internal.TooManyAttemptsException;
import dev.kickout.internal.config.KickoutConfig;
import dev.kickout.internal.i18n.Text;
import dev.kickout.internal.redis.RedisKeys;
import dev.kickout.internal.redis.RedisStore;
import dev.kickout.internal.redis.Script;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;
import org.redisson.api.RScript;

/**
 * Throttles failed logins in Redis, so that every app-server instance sees the same counts. An
 * attempt reserves its place in the counters before the password is checked, in one atomic step
 * per slot, so parallel guesses get no more than the limits allow; a refused attempt gets 429
 * TOO_MANY_ATTEMPTS with Retry-After = what is left of the full counter's window, and counts nothing.
 * <ul>
 * <li>With a device cookie of this username (a known device, {@link DeviceCookies}): only that
 * device's own failures count ({@code max-failures-per-device}), so no one guessing elsewhere locks
 * the owner out of a device she signed in with.</li>
 * <li>Without: the username's failures from this address ({@code max-failures-per-user-and-address}),
 * the username's over all addresses ({@code max-failures-per-user}, a much higher ceiling), and the
 * address's whatever the username ({@code max-failures-per-address}).</li>
 * </ul>
 * A success clears the failures of the way it came in, gives the address its reservation back,
 * and makes the device known. Reads {@code kickout.login.throttle.*}.
 */
@ApplicationScoped
class LoginThrottle {

    /** Stands for "no device cookie": never issued, so never a known device. */
    private static final String NO_DEVICE = "";
    /** An IPv6 literal, with an IPv4 tail or not: what {@link InetAddress#getByName} parses without a lookup. */
    private static final Pattern IPV6_LITERAL = Pattern.compile("[0-9A-Fa-f:.]{2,45}");

    @Inject
    RedisStore redis;
    @Inject
    RedisKeys keys;
    @Inject
    KickoutConfig config;
    @Inject
    Event<LoginThrottled> throttled;

    /** One reserved attempt: what it counted, to report a trip on failure or give back on success. */
    record Attempt(String username, String address, String knownDevice, List<Counted> counted, boolean addressCounted) {
    }

    /** One counter's value with this attempt in it. */
    record Counted(Kind kind, String subject, long failures, int max) {
    }

    /**
     * Reserves the attempt, or refuses it (429) when a counter it would use is full. Without a device
     * cookie the username's and the address's budgets both apply, and are reserved in one round trip
     * (an attempt one of them refuses gives the other's reservation back); with one, the username's
     * script first learns whether it is a known device, whose own budget then applies alone.
     */
    Attempt reserve(String username, String clientAddress, String deviceCookie) {
        String address = counted(clientAddress);
        String device = Tokens.isDeviceCookie(deviceCookie) ? deviceCookie : NO_DEVICE;
        String at = address == null ? "" : address;
        RedisStore.Call user = new RedisStore.Call(Script.LOGIN_RESERVE, RScript.ReturnType.LIST,
                List.of(keys.loginFailuresOfUser(username), keys.loginFailuresOfUserAtAddress(username, at),
                        keys.knownDevices(username), keys.loginFailuresOfDevice(username, device)),
                config.login().throttleWindow().toMillis(), config.login().throttleMaxPerUser(),
                config.login().throttleMaxPerUserAndAddress(), config.login().throttleMaxPerDevice(),
                device.isEmpty() ? "" : RedisKeys.secretHash(device));
        if (device.isEmpty() && address != null) {
            List<Object> replies = redis.runTogether(List.of(user, addressCall(address)));
            return reserved(username, address, device, list(replies.get(0)), list(replies.get(1)));
        }
        return reserved(username, address, device, redis.run(user.script(), user.keys(), user.args()), null);
    }

    /**
     * The attempt as the username's script answered it, with the address's answer when it was asked
     * along (null: asked now, if the address's budget applies).
     */
    private Attempt reserved(String username, String address, String device, List<Object> reply,
                             List<Object> addressReply) {
        switch ((String) reply.get(0)) {
            case "REFUSED" -> {
                if (addressReply != null && (Long) addressReply.get(0) > 0) {
                    giveBack(List.of(keys.loginFailuresOfAddress(address)));
                }
                throw refused(Kind.valueOf((String) reply.get(1)), reply.get(2));
            }
            case "DEVICE" -> {
                // a known device: the device cookie went along, so the address was not asked
                return new Attempt(username, address, device, List.of(
                        new Counted(Kind.DEVICE, username, (Long) reply.get(1), config.login().throttleMaxPerDevice())), false);
            }
            default -> {
                List<Counted> counted = new ArrayList<>(List.of(
                        new Counted(Kind.USER, username, (Long) reply.get(1), config.login().throttleMaxPerUser()),
                        new Counted(Kind.USER_AT_ADDRESS, username, (Long) reply.get(2), config.login().throttleMaxPerUserAndAddress())));
                if (address == null) {
                    return new Attempt(username, null, null, counted, false);
                }
                List<Object> fromAddress = addressReply != null ? addressReply
                        : redis.run(Script.LOGIN_RESERVE_ADDRESS, addressCall(address).keys(), addressCall(address).args());
                counted.add(addressCounted(username, address, fromAddress));
                return new Attempt(username, address, null, counted, true);
            }
        }
    }

    /**
     * The address the throttle counts: an IPv6 client by its /64, the smallest network a subscriber gets and
     * whose every address is theirs to use; an IPv4 client (IPv4-mapped IPv6 included) by its address. Anything
     * that is not an address literal is counted as it is (never looked up).
     */
    static String counted(String address) {
        if (address == null || address.indexOf(':') < 0) {
            return address;
        }
        int zone = address.indexOf('%');
        String literal = zone < 0 ? address : address.substring(0, zone);
        if (!IPV6_LITERAL.matcher(literal).matches()) {
            return address;
        }
        try {
            byte[] bytes = InetAddress.getByName(literal).getAddress();
            if (bytes.length == 4) {
                return InetAddress.getByAddress(bytes).getHostAddress();
            }
            Arrays.fill(bytes, 8, 16, (byte) 0);
            return InetAddress.getByAddress(bytes).getHostAddress() + "/64";
        } catch (UnknownHostException e) {
            return address;
        }
    }

    /** A failed attempt: a counter this attempt filled fires {@link LoginThrottled}, once per trip. */
    void failed(Attempt attempt) {
        for (Counted counted : attempt.counted()) {
            if (counted.failures() == counted.max()) {
                throttled.fire(new LoginThrottled(counted.kind(), counted.subject(), counted.max(),
                        config.login().throttleWindow(), attempt.address()));
            }
        }
    }

    /** What a successful attempt still writes: its calls (for the caller to pipeline) and the device cookie to set. */
    record Success(List<RedisStore.Call> calls, String deviceCookie) {
    }

    /**
     * A successful attempt: clears the failures of the way it came in (a known device's, or the
     * username's at this address, taken off its count over all addresses too) and gives the address its
     * reservation back; failures from other addresses and devices stay, so attackers elsewhere gain no
     * fresh budget when the owner signs in.
     * With {@code rememberDevice}, the device cookie to set (the known one, its lifetime renewed, or
     * a new one); else null. The writes are answered as calls, which the caller runs with its own.
     */
    Success succeeded(Attempt attempt, boolean rememberDevice) {
        List<RedisStore.Call> calls = new ArrayList<>();
        if (attempt.addressCounted()) {
            calls.add(giveBackCall(List.of(keys.loginFailuresOfAddress(attempt.address()))));
        }
        String username = attempt.username();
        String device = attempt.knownDevice() != null ? attempt.knownDevice() : rememberDevice ? Tokens.newDeviceCookie() : NO_DEVICE;
        List<Object> clear = attempt.knownDevice() != null
                ? List.of(keys.knownDevices(username), keys.loginFailuresOfDevice(username, device))
                : List.of(keys.knownDevices(username), keys.loginFailuresOfUser(username),
                        keys.loginFailuresOfUserAtAddress(username, attempt.address() == null ? "" : attempt.address()));
        calls.add(new RedisStore.Call(Script.LOGIN_SUCCEEDED, RScript.ReturnType.LONG, clear,
                rememberDevice ? Long.toString(config.login().deviceLifetime().toMillis()) : "",
                RedisKeys.secretHash(device), config.login().devicesPerUser(), attempt.knownDevice() != null ? "DEVICE" : "CLIENT"));
        return new Success(calls, rememberDevice ? device : null);
    }

    private RedisStore.Call addressCall(String address) {
        return new RedisStore.Call(Script.LOGIN_RESERVE_ADDRESS, RScript.ReturnType.LIST,
                List.of(keys.loginFailuresOfAddress(address)), config.login().throttleWindow().toMillis(),
                config.login().throttleMaxPerAddress());
    }

    /** The address's reservation as login-reserve-address.lua answered it; refused: the username's counters given back. */
    private Counted addressCounted(String username, String address, List<Object> reply) {
        long failures = (Long) reply.get(0);
        if (failures == 0) {
            giveBack(List.of(keys.loginFailuresOfUser(username), keys.loginFailuresOfUserAtAddress(username, address)));
            throw refused(Kind.ADDRESS, reply.get(1));
        }
        return new Counted(Kind.ADDRESS, address, failures, config.login().throttleMaxPerAddress());
    }

    private void giveBack(List<Object> counters) {
        RedisStore.Call call = giveBackCall(counters);
        redis.eval(call.script(), call.type(), call.keys());
    }

    private static RedisStore.Call giveBackCall(List<Object> counters) {
        return new RedisStore.Call(Script.LOGIN_GIVE_BACK, RScript.ReturnType.LONG, counters);
    }

    @SuppressWarnings("unchecked")
    private static List<Object> list(Object reply) {
        return (List<Object>) reply;
    }

    private static TooManyAttemptsException refused(Kind kind, Object millisLeft) {
        long left = ((Number) millisLeft).longValue();
        Duration retryAfter = Duration.ofMillis(left > 0 ? left : 1000).plusMillis(999).withNanos(0);
        String message = switch (kind) {
            case USER -> "throttle.user";
            case USER_AT_ADDRESS -> "throttle.user-address";
            case DEVICE -> "throttle.device";
            case ADDRESS -> "throttle.address";
        };
        return new TooManyAttemptsException(Text.of(message, String.valueOf(retryAfter.toSeconds())), retryAfter);
    }
}
