package dev.kickout.internal.config;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** CIDR blocks and IP literals, and {@code kickout.trusted-proxies} built from them. */
class CidrTest {

    @AfterEach
    void clear() {
        System.clearProperty(Setting.TRUSTED_PROXIES.key());
    }

    @ParameterizedTest(name = "{0} contains {1}: {2}")
    @CsvSource({
            "127.0.0.1/32,   127.0.0.1,       true",
            "127.0.0.1/32,   127.0.0.2,       false",
            "127.0.0.1,      127.0.0.1,       true",
            "10.0.0.0/8,     10.255.1.2,      true",
            "10.0.0.0/8,     11.0.0.1,        false",
            "10.1.2.3/8,     10.9.9.9,        true",
            "172.16.0.0/12,  172.31.255.255,  true",
            "172.16.0.0/12,  172.32.0.0,      false",
            "192.168.1.128/25, 192.168.1.200, true",
            "192.168.1.128/25, 192.168.1.100, false",
            "0.0.0.0/0,      203.0.113.7,     true",
            "0.0.0.0/0,      2001:db8::1,     false",
            "::/0,           2001:db8::1,     true",
            "::/0,           203.0.113.7,     false",
            "2001:db8::/32,  2001:db8:ffff::1, true",
            "2001:db8::/32,  2001:db9::1,     false",
            "::1/128,        0:0:0:0:0:0:0:1, true",
            "::1,            ::2,             false",
            "fd00::/8,       fdff::1,         true",
            "10.0.0.0/8,     ::ffff:10.1.1.1, true",
    })
    void blocksContainTheirAddresses(String cidr, String address, boolean contained) {
        assertEquals(contained, Cidr.parse(cidr).contains(Cidr.address(address)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"", " ", "localhost", "example.com", "10.0.0.0/33", "::/129", "10.0.0.0/-1", "10.0.0.0/",
            "10.0.0.0/8/8", "10.0.0/8", "256.0.0.0/8", "010.0.0.0/8", "10.0.0.0 /8", "10.0.0.0/ 8", "[::1]/128",
            "fe80::1%eth0/64", "1:2:3:4:5:6:7:8:9/64", "0x0a.0.0.0/8", "10.0.0.0/08x", ".:1/8", "*"})
    void anythingButALiteralBlockIsRefused(String text) {
        assertThrows(IllegalArgumentException.class, () -> Cidr.parse(text));
    }

    @Test
    void literalsParseToTheirBytesAndNamesNeverResolve() {
        assertArrayEquals(new byte[] {(byte) 203, 0, 113, 7}, Cidr.address("203.0.113.7"));
        assertEquals(16, Cidr.address("2001:db8::1").length);
        assertEquals(4, Cidr.address("::ffff:203.0.113.7").length);
        assertNull(Cidr.address("localhost"));
        assertNull(Cidr.address("a.example"));
        assertNull(Cidr.address("cafe:face:nope"));
        assertNull(Cidr.address("beef"));
        assertNull(Cidr.address("1.2.3.4.5"));
        assertNull(Cidr.address(null));
        assertEquals("2001:db8:0:0:0:0:0:1", Cidr.text(Cidr.address("2001:DB8::1")));
        assertEquals("10.0.0.0/8", Cidr.parse("10.1.2.3/8").toString());
    }

    @Test
    void trustedProxiesDefaultToNobodyAndParseAList() {
        assertEquals(List.of(), load().trustedProxies());
        System.setProperty(Setting.TRUSTED_PROXIES.key(), " 127.0.0.1/32 , 10.0.0.0/8,::1/128 ,");
        assertEquals(List.of(Cidr.parse("127.0.0.1"), Cidr.parse("10.0.0.0/8"), Cidr.parse("::1")), load().trustedProxies());
    }

    @ParameterizedTest
    @ValueSource(strings = {"10.0.0.0/33", "proxy.internal", "127.0.0.1/32;10.0.0.0/8", "10.0.0.0/8, all"})
    void aBadBlockFailsTheDeploymentNamingTheKey(String value) {
        System.setProperty(Setting.TRUSTED_PROXIES.key(), value);
        IllegalStateException e = assertThrows(IllegalStateException.class, this::load);
        assertTrue(e.getMessage().contains("kickout.trusted-proxies"), e.getMessage());
        assertTrue(e.getMessage().contains("expected"), e.getMessage());
    }

    private KickoutConfig load() {
        KickoutConfig config = TestSettings.load();
        return config;
    }
}
