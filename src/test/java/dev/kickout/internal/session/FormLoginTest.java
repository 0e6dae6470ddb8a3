package dev.kickout.internal.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kickout.InvalidRequestException;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class FormLoginTest {

    @Test
    void fieldsAreDecodedAsUtf8AndTheFirstOfANameWins() {
        Map<String, String> form = FormLogin.parse("username=J%C3%BCrgen&password=a+b%26c&next=%2Fx%3Fy%3D1&username=evil&flag");
        assertEquals("J\u00fcrgen", form.get("username"));
        assertEquals("a b&c", form.get("password"));
        assertEquals("/x?y=1", form.get("next"));
        assertEquals("", form.get("flag"));
        assertTrue(FormLogin.parse("").isEmpty());
    }

    @ParameterizedTest
    @ValueSource(strings = {"username=%ZZ", "password=%", "a=%E", "%=x"})
    void badEncodingsAreInvalidRequests(String body) {
        assertThrows(InvalidRequestException.class, () -> FormLogin.parse(body));
    }

    @Test
    void oversizedFormsAreInvalidRequests() {
        assertThrows(InvalidRequestException.class, () -> FormLogin.parse("username=" + "a".repeat(20_000)));
    }
}
