package dev.kickout.internal.i18n;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * The language of a request's human texts, from its {@code Accept-Language}: the first range by
 * quality that Kickout has (Simplified Chinese: {@code zh}, {@code zh-CN}, {@code zh-Hans*},
 * {@code zh-SG}; English: {@code en*} or {@code *}; any other language whose bundle
 * {@code dev/kickout/messages_<language>.properties} a host put on the classpath); none of them, no
 * header or a malformed one: English. Traditional Chinese ({@code zh-TW}, {@code zh-HK},
 * {@code zh-Hant}) is not matched, so a browser that lists it falls through to its next choice.
 */
public final class Languages {

    public static final Locale CHINESE = Locale.SIMPLIFIED_CHINESE;
    public static final Locale ENGLISH = Locale.ENGLISH;

    /** Longer headers are not parsed (no browser sends one); they get English. */
    static final int MAX_HEADER = 1024;

    private static final Set<String> SIMPLIFIED = Set.of("zh", "zh-cn", "zh-sg", "zh-hans");
    private static final Pattern PRIMARY = Pattern.compile("[a-z]{2,8}");
    /** Whether a host added a bundle for a language; bounded, since the languages asked for are the client's choice. */
    private static final Map<String, Boolean> HOST_BUNDLES = new ConcurrentHashMap<>();
    private static final int MAX_REMEMBERED = 64;

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
            String primary = tag.split("-", 2)[0];
            if (!primary.equals("zh") && hostBundle(primary)) {
                return Locale.forLanguageTag(primary);
            }
        }
        return ENGLISH;
    }

    private static boolean hostBundle(String language) {
        if (!PRIMARY.matcher(language).matches()) {
            return false;
        }
        Boolean known = HOST_BUNDLES.get(language);
        if (known == null) {
            known = Languages.class.getClassLoader()
                    .getResource(Text.BUNDLE.replace('.', '/') + "_" + language + ".properties") != null;
            if (HOST_BUNDLES.size() < MAX_REMEMBERED) {
                HOST_BUNDLES.put(language, known);
            }
        }
        return known;
    }
}
