package dev.kickout.internal.ban;

import dev.kickout.InvalidRequestException;
import dev.kickout.internal.i18n.Text;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;

/**
 * How long a ban lasts, as a request gives it: a length from now ({@code PT30M}) or an end
 * ({@code 2026-12-08T10:00:00Z}). Whether an end lies in the future and within the longest ban is decided
 * with Redis's clock when the ban is written (ban.lua); a length is checked here already.
 */
public sealed interface BanTerm {

    /** A ban of {@code length} from the moment it is written. */
    record Length(Duration length) implements BanTerm {
    }

    /** A ban until {@code end}. */
    record Until(Instant end) implements BanTerm {
    }

    /**
     * The term a request's {@code ban} member gives, checked against the longest ban {@code max}.
     *
     * @throws InvalidRequestException malformed, not positive, or longer than {@code max}
     */
    static BanTerm parse(String ban, Duration max) {
        if (ban == null || ban.isBlank() || ban.length() > 64) {
            throw new InvalidRequestException(Text.of("ban.malformed"));
        }
        String text = ban.trim();
        if (text.startsWith("P") || text.startsWith("-P") || text.startsWith("+P")) {
            try {
                return of(Duration.parse(text), max);
            } catch (DateTimeParseException | ArithmeticException e) {
                throw new InvalidRequestException(Text.of("ban.malformed"));
            }
        }
        try {
            return new Until(Instant.parse(text));
        } catch (DateTimeParseException e) {
            throw new InvalidRequestException(Text.of("ban.malformed"));
        }
    }

    /**
     * A length, checked against the longest ban {@code max}.
     *
     * @throws InvalidRequestException not positive, or longer than {@code max}
     */
    static BanTerm of(Duration length, Duration max) {
        if (length == null || length.isNegative() || length.isZero()) {
            throw new InvalidRequestException(Text.of("ban.not-positive"));
        }
        if (length.compareTo(max) > 0) {
            throw new InvalidRequestException(Text.of("ban.too-long", max.toString()));
        }
        return new Length(length);
    }

    /** An end; whether it is in the future and within the longest ban is for Redis's clock to say. */
    static BanTerm until(Instant end) {
        if (end == null) {
            throw new InvalidRequestException(Text.of("ban.malformed"));
        }
        return new Until(end);
    }
}
