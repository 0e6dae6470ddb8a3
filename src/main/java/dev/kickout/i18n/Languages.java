package dev.kickout.i18n;

import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The language of a request's human texts, from its {@code Accept-Language}: the first range by
 * quality that Kickout has (Simplified Chinese: {@code zh}, {@code zh-CN}, {@code zh-Hans*},
 * {@code zh-SG}; English: {@code en*} or {@code *}); none of them, no header or a malformed one:
 * English. Traditional Chinese ({@code zh-TW}, {@code zh-HK}, {@code zh-Hant}) is not matched, so a
 * browser that lists it falls through to its next choice.
 */
public final class Languages {

    public static final Locale CHINESE = Locale.SIMPLIFIED_CHINESE;
    public static final Locale ENGLISH = Locale.ENGLISH;

    /** Longer headers are not parsed (no browser sends one); they get English. */
    static final int MAX_HEADER = 1024;

    private static final Set<String> SIMPLIFIED = Set.of("zh", "zh-cn", "zh-sg", "zh-hans");

    private Languages() {
    }

    /** The language for an {@code Accept-Language} value (null when absent). */
    public static Locale of(String acceptLanguage) {
        if (acceptLanguage == null || acceptLanguage.isBlank() || acceptLanguage.length() > MAX_HEADER) {
            return ENGLISH;
        }
        List<Locale.LanguageRange> ranges;
        try {
            ranges = Locale.LanguageRange.parse(acceptLanguage);
        } catch (IllegalArgumentException malformed) {
            return ENGLISH;
        }
        for (Locale.LanguageRange range : ranges) {
            if (range.getWeight() <= 0) {
                continue;
            }
            String tag = range.getRange();
            if (tag.equals("*") || tag.equals("en") || tag.startsWith("en-")) {
                return ENGLISH;
            }
            if (SIMPLIFIED.contains(tag) || tag.startsWith("zh-hans-")) {
                return CHINESE;
            }
        }
        return ENGLISH;
    }
}
