package dev.kickout.internal.i18n;

import java.text.MessageFormat;
import java.util.Arrays;
import java.util.Locale;
import java.util.MissingResourceException;
import java.util.ResourceBundle;
import java.util.function.Function;

/**
 * A human text not yet put into a language: a key of the {@code dev/kickout/messages} bundles and its
 * {@link MessageFormat} arguments (every bundle text is a {@code MessageFormat} pattern, so a quote is
 * written {@code ''} and a literal brace <code>'&#123;'</code>). An argument that is itself a {@code Text} is resolved in the same
 * language. {@link #literal(String)} wraps a text that has no translation (a host's own refusal).
 *
 * <pre>{@code
 * Text detail = Text.of("lock.held", "document/42", "alice");
 * detail.in(Locale.ENGLISH);          // document/42 is being edited by alice
 * detail.in(Languages.CHINESE);       // document/42 正在由 alice 编辑
 * }</pre>
 */
public final class Text implements Function<Locale, String> {

    static final String BUNDLE = "dev.kickout.messages";

    /** No fallback to the server's default locale: a missing language means the English base bundle. */
    private static final ResourceBundle.Control CONTROL =
            ResourceBundle.Control.getNoFallbackControl(ResourceBundle.Control.FORMAT_PROPERTIES);

    private final String key;
    private final String fallback;
    private final Object[] args;

    private Text(String key, String fallback, Object[] args) {
        this.key = key;
        this.fallback = fallback;
        this.args = args;
    }

    /** The bundle text under {@code key}, formatted with {@code args}. */
    public static Text of(String key, Object... args) {
        return new Text(key, null, args.clone());
    }

    /** The bundle text under {@code key} if there is one, else {@code fallback} as it is (e.g. a code). */
    public static Text orElse(String key, String fallback) {
        return new Text(key, fallback, new Object[0]);
    }

    /** A text that reads the same in every language. */
    public static Text literal(String text) {
        return new Text(null, text, new Object[0]);
    }

    @Override
    public String apply(Locale locale) {
        return in(locale);
    }

    public String in(Locale locale) {
        if (key == null) {
            return fallback;
        }
        String pattern;
        try {
            pattern = ResourceBundle.getBundle(BUNDLE, locale, Text.class.getClassLoader(), CONTROL).getString(key);
        } catch (MissingResourceException e) {
            if (fallback != null) {
                return fallback;
            }
            throw e;
        }
        Object[] resolved = Arrays.stream(args).map(arg -> arg instanceof Text text ? text.in(locale) : arg).toArray();
        return new MessageFormat(pattern, locale).format(resolved);
    }

    /** The English text. */
    @Override
    public String toString() {
        return in(Locale.ENGLISH);
    }
}
