package dev.kickout.internal.config;

import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.ConfigProvider;

/**
 * Reads settings from the deployment's MicroProfile Config (system properties, environment variables,
 * {@code microprofile-config.properties} and whatever the server adds), each through its converter; a value
 * a converter refuses fails with a message naming the key, what it expects, its default and its meaning.
 */
final class SettingReader {

    private final Config config;

    SettingReader(ClassLoader loader) {
        this.config = ConfigProvider.getConfig(loader);
    }

    /** The value as written (trimmed), or the setting's default. */
    String raw(Setting setting) {
        return get(setting.key()).orElse(setting.defaultValue());
    }

    /** The value of any key (trimmed), or empty. */
    Optional<String> get(String key) {
        return config.getOptionalValue(key, String.class).map(String::trim);
    }

    /** The names of every property starting with {@code prefix}. */
    Set<String> names(String prefix) {
        Set<String> names = new TreeSet<>();
        config.getPropertyNames().forEach(name -> {
            if (name.startsWith(prefix)) {
                names.add(name);
            }
        });
        return names;
    }

    <T> T read(Setting setting, Converters.Expecting<T> converter) {
        return convert(setting.key(), raw(setting), converter,
                " (default '" + setting.defaultValue() + "': " + setting.description() + ")");
    }

    /** A refusal of {@code setting}'s value that no single converter sees (it depends on another setting). */
    IllegalStateException invalid(Setting setting, String expected) {
        return invalid(setting.key(), raw(setting), expected + " (default '" + setting.defaultValue() + "': "
                + setting.description() + ")");
    }

    /** {@code value} of {@code key} through {@code converter}; {@code about} ends the message of a refusal. */
    static <T> T convert(String key, String value, Converters.Expecting<T> converter, String about) {
        T converted;
        try {
            converted = converter.convert(value);
        } catch (IllegalArgumentException e) {
            converted = null;
        }
        if (converted == null) {
            throw invalid(key, value, converter.expected() + about);
        }
        return converted;
    }

    static IllegalStateException invalid(String key, String value, String expected) {
        return new IllegalStateException("Kickout configuration: " + key + " = '" + value + "' is invalid; expected " + expected);
    }
}
