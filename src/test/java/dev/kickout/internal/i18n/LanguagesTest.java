package dev.kickout.internal.i18n;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Locale;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

/** The language a request's Accept-Language asks for: q-values honoured, anything unusable is English. */
class LanguagesTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "zh                                   | zh",
            "zh-CN                                | zh",
            "ZH-cn                                | zh",
            "zh-Hans                              | zh",
            "zh-Hans-CN                           | zh",
            "zh-SG                                | zh",
            "zh-CN,zh;q=0.9,en;q=0.8              | zh",
            "en-US,en;q=0.9,zh-CN;q=0.8           | en",
            "en;q=0.5, zh-CN;q=0.9                | zh",
            "zh-CN;q=0.1, en;q=0.2                | en",
            "es, zh-CN;q=0.5                      | zh",
            "de-DE, it                            | en",
            "fr-FR, zh-CN;q=0.5                   | fr",
            "zh-TW                                | en",
            "zh-HK, zh-Hant                       | en",
            "zh-TW, zh-CN;q=0.5                   | zh",
            "zh-CN;q=0, en                        | en",
            "*                                    | en",
            "en                                   | en",
    })
    void choosesByQuality(String header, String expected) {
        assertEquals(expected, Languages.of(header).getLanguage(), header);
    }

    @ParameterizedTest
    @NullAndEmptySource
    @ValueSource(strings = {" ", "zh-CN;q=x", "zh-CN;q=2", ";;;", "zh_CN", "en-", "\u00e9\u00e9", "zh-CN;q=0.5;q=0.6", ",,,"})
    void malformedOrMissingIsEnglish(String header) {
        assertEquals(Locale.ENGLISH, Languages.of(header), String.valueOf(header));
    }

    @org.junit.jupiter.api.Test
    void aLanguageAHostAddedIsUsedWithEnglishForWhatItLacks() {
        Locale french = Languages.of("fr-CA,fr;q=0.9");
        assertEquals("fr", french.getLanguage());
        assertEquals("Le jeton est inconnu", Text.of("token.invalid").in(french));
        assertEquals("The token is not known", Text.of("token.invalid").in(Languages.of("de")));
        assertEquals("The session has expired; sign in again", Text.of("token.expired").in(french));
    }

    @org.junit.jupiter.api.Test
    void aHugeHeaderIsNotParsed() {
        assertEquals(Locale.ENGLISH, Languages.of("zh-CN," + "x-a;q=0.1,".repeat(200)));
    }
}
