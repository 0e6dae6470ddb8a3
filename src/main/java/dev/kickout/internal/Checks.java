package dev.kickout.internal;

import dev.kickout.InvalidRequestException;
import dev.kickout.internal.i18n.Text;
import java.util.regex.Pattern;

/**
 * Input checks shared by every feature. Anything that ends up in a Redis key or value passes
 * one of these first; a failure is a 400 {@code INVALID_REQUEST} naming the field.
 */
public final class Checks {

    /** Device types, client ids and similar short labels. */
    public static final Pattern LABEL = Pattern.compile("[A-Za-z0-9._-]{1,64}");

    private Checks() {
    }

    /** Requires a non-blank value of at most {@code maxLength} characters. */
    public static String text(String field, String value, int maxLength) {
        if (value == null || value.isBlank()) {
            throw new InvalidRequestException(Text.of("checks.required", field));
        }
        if (value.length() > maxLength) {
            throw new InvalidRequestException(Text.of("checks.too-long", field, String.valueOf(maxLength)));
        }
        return value;
    }

    /** Like {@link #text} but absent values become {@code null}. */
    public static String optionalText(String field, String value, int maxLength) {
        return value == null || value.isEmpty() ? null : text(field, value, maxLength);
    }

    /** Requires a value matching {@code pattern} entirely. */
    public static String matching(String field, String value, Pattern pattern) {
        if (value == null || value.isEmpty()) {
            throw new InvalidRequestException(Text.of("checks.required", field));
        }
        if (value.length() > 256 || !pattern.matcher(value).matches()) {
            throw new InvalidRequestException(Text.of("checks.pattern", field, pattern.pattern()));
        }
        return value;
    }

    /** Parses a paging parameter, defaulting when absent. */
    public static int intParam(String field, String value, int defaultValue, int min, int max) {
        if (value == null || value.isEmpty()) {
            return defaultValue;
        }
        try {
            int parsed = Integer.parseInt(value);
            if (parsed >= min && parsed <= max) {
                return parsed;
            }
        } catch (NumberFormatException e) {
            // reported below like any other out-of-range value
        }
        throw new InvalidRequestException(Text.of("checks.range", field, String.valueOf(min), String.valueOf(max)));
    }
}
