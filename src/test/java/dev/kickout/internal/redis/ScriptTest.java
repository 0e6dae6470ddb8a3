package dev.kickout.internal.redis;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** EVALSHA names each script by the SHA-1 of exactly the source that EVAL would send. */
class ScriptTest {

    @Test
    void shaIsTheLowerCaseHexSha1OfTheSource() throws NoSuchAlgorithmException {
        Set<String> shas = new HashSet<>();
        for (Script script : Script.values()) {
            String expected = HexFormat.of().formatHex(MessageDigest.getInstance("SHA-1")
                    .digest(script.source().getBytes(StandardCharsets.UTF_8)));
            assertEquals(expected, script.sha(), script::toString);
            assertEquals(40, script.sha().length());
            shas.add(script.sha());
        }
        assertEquals(Script.values().length, shas.size(), "two scripts with one SHA");
    }
}
