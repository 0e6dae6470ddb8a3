package dev.kickout.internal.i18n;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.text.MessageFormat;
import java.util.Locale;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The message bundles: the same keys in every language, the same arguments, valid MessageFormat patterns. */
class TextTest {

    private static final Pattern ARGUMENT = Pattern.compile("\\{(\\d+)}");
    /** Keys only the Chinese bundle has: English shows the code itself. */
    private static final Set<String> CHINESE_ONLY = Set.of("lock.reason.EXPIRED", "lock.reason.FORCE_RELEASED",
            "lock.reason.RELEASED", "lock.reason.TAKEN");

    @Test
    void everyKeyIsInBothLanguagesWithTheSameArguments() {
        Properties english = load("dev/kickout/messages.properties");
        Properties chinese = load("dev/kickout/messages_zh.properties");
        Set<String> chineseKeys = new TreeSet<>(chinese.stringPropertyNames());
        chineseKeys.removeAll(CHINESE_ONLY);
        assertEquals(new TreeSet<>(english.stringPropertyNames()), chineseKeys);
        for (String key : english.stringPropertyNames()) {
            assertEquals(arguments(english.getProperty(key)), arguments(chinese.getProperty(key)), key);
            Object[] args = arguments(english.getProperty(key)).stream().map(i -> "<" + i + ">").toArray();
            String en = new MessageFormat(english.getProperty(key), Locale.ENGLISH).format(args);
            String zh = new MessageFormat(chinese.getProperty(key), Locale.SIMPLIFIED_CHINESE).format(args);
            assertTrue(zh.codePoints().anyMatch(c -> Character.UnicodeScript.of(c) == Character.UnicodeScript.HAN), key + ": " + zh);
            assertNotEquals(en, zh, key);
        }
    }

    @Test
    void resolvesByLanguageWithArgumentsAndNestedTexts() {
        Text lost = Text.of("lock.lost", "document/42", Text.orElse("lock.reason.FORCE_RELEASED", "FORCE_RELEASED"));
        assertEquals("This edit lock on document/42 is no longer yours (FORCE_RELEASED)", lost.in(Locale.ENGLISH));
        assertEquals("您对 document/42 的编辑权已失效：编辑锁已被管理员释放", lost.in(Languages.CHINESE));
        assertEquals("您对 document/42 的编辑权已失效：编辑锁已被管理员释放", lost.in(Locale.CHINESE));
        assertEquals("This needs the 'admin' role", Text.of("forbidden.role", "admin").in(Locale.ENGLISH));
        assertEquals("A JSON body {title, body, version} is required", Text.of("demo.body").in(Locale.ENGLISH));
        assertEquals("The session has expired; sign in again", Text.of("token.expired").in(Locale.FRENCH));
        assertEquals("您已被管理员强制下线", Text.of("token.kicked").in(Languages.CHINESE));
        assertEquals("as is {0}", Text.literal("as is {0}").in(Languages.CHINESE));
        assertEquals("UNKNOWN", Text.orElse("lock.reason.UNKNOWN", "UNKNOWN").in(Languages.CHINESE));
    }

    @Test
    void theServersDefaultLocaleDoesNotLeakIntoEnglish() {
        Locale before = Locale.getDefault();
        Locale.setDefault(Locale.SIMPLIFIED_CHINESE);
        try {
            assertEquals("The token is not known", Text.of("token.invalid").in(Locale.ENGLISH));
        } finally {
            Locale.setDefault(before);
        }
    }

    private static Set<Integer> arguments(String pattern) {
        Set<Integer> found = new TreeSet<>();
        Matcher matcher = ARGUMENT.matcher(pattern.replaceAll("'\\{'", ""));
        while (matcher.find()) {
            found.add(Integer.parseInt(matcher.group(1)));
        }
        return found;
    }

    private static Properties load(String resource) {
        try (InputStream in = TextTest.class.getClassLoader().getResourceAsStream(resource)) {
            Properties properties = new Properties();
            properties.load(new InputStreamReader(in, StandardCharsets.UTF_8));
            return properties;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
