package dev.kickout.internal.config;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import org.eclipse.microprofile.config.spi.Converter;

/**
 * The MicroProfile Config converters of the module's settings: durations, numbers, switches, choices, lists
 * and shaped strings. Each says what it expects, for the message that names a key whose value it refuses
 * (a converter answers null or throws {@link IllegalArgumentException} for a value it does not take).
 */
final class Converters {

    /** A converter with the words of the message that refuses a value. */
    interface Expecting<T> extends Converter<T> {

        String expected();

        static <T> Expecting<T> of(String expected, Converter<T> converter) {
            return new Expecting<>() {
                @Override
                public T convert(String value) {
                    return converter.convert(value);
                }

                @Override
                public String expected() {
                    return expected;
                }
            };
        }
    }

    static final Expecting<Duration> POSITIVE_DURATION = Expecting.of("a positive ISO-8601 duration such as PT30S or PT5M",
            value -> positive(duration(value), false));
    static final Expecting<Duration> DURATION_OR_ZERO = Expecting.of("an ISO-8601 duration such as PT30S or PT5M, or PT0S",
            value -> positive(duration(value), true));
    /** A duration Redis's WAIT can take: whole milliseconds, never 0 (which would make WAIT block forever). */
    static final Expecting<Duration> WHOLE_MILLIS = Expecting.of("a duration of whole milliseconds, at least PT0.001S, such as PT0.5S",
            value -> {
                Duration parsed = positive(duration(value), false);
                return parsed != null && parsed.toNanos() % 1_000_000 == 0 && parsed.toMillis() >= 1 ? parsed : null;
            });
    static final Expecting<Integer> POSITIVE_INT = Expecting.of("a positive integer", value -> {
        int parsed = Integer.parseInt(value);
        return parsed > 0 ? parsed : null;
    });
    static final Expecting<Boolean> BOOLEAN = Expecting.of("true or false", value -> switch (value.toLowerCase(Locale.ROOT)) {
        case "true" -> Boolean.TRUE;
        case "false" -> Boolean.FALSE;
        default -> null;
    });

    private static final Pattern PAGE = Pattern.compile("/[A-Za-z0-9._~!$&'()*+,;=:@%/-]{0,255}");

    /** A context-relative page (no {@code //}), or "" for none. */
    static final Expecting<String> PAGE_OR_NONE = Expecting.of("a context-relative path such as /signin.html",
            value -> value.isEmpty() || PAGE.matcher(value).matches() && !value.contains("//") ? value : null);

    /** Comma-separated paths starting with '/', optionally ending in '/*'. */
    static final Expecting<List<String>> PATHS = listOf(Expecting.of("",
            path -> path.startsWith("/") && (path.indexOf('*') < 0 || path.endsWith("/*")) ? path : null),
            "comma-separated paths starting with '/', optionally ending in '/*'");

    private Converters() {
    }

    /** One of {@code type}'s constants, whatever the case. */
    static <E extends Enum<E>> Expecting<E> oneOf(Class<E> type) {
        return Expecting.of("one of " + Arrays.toString(type.getEnumConstants()), value -> Arrays.stream(type.getEnumConstants())
                .filter(constant -> constant.name().equalsIgnoreCase(value)).findFirst().orElse(null));
    }

    /** The value itself, if the whole of it matches {@code pattern}. */
    static Expecting<String> matching(Pattern pattern, String expected) {
        return Expecting.of(expected, value -> pattern.matcher(value).matches() ? value : null);
    }

    /** Comma-separated items, each trimmed and converted; empty items are left out, an empty value is an empty list. */
    static <T> Expecting<List<T>> listOf(Expecting<T> item, String expected) {
        return Expecting.of(expected, value -> {
            List<String> items = Arrays.stream(value.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
            List<T> converted = items.stream().map(item::convert).toList();
            return converted.contains(null) ? null : converted;
        });
    }

    private static Duration duration(String value) {
        try {
            return Duration.parse(value.toUpperCase(Locale.ROOT));
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException(e);
        }
    }

    private static Duration positive(Duration value, boolean zeroAllowed) {
        return value.isNegative() || value.isZero() && !zeroAllowed ? null : value;
    }
}
