package dev.kickout.internal.rest;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import dev.kickout.internal.config.Cidr;
import java.time.Duration;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The right-to-left rule of X-Forwarded-For, with honest chains and hostile ones. */
class ClientAddressTest {

    /** The proxy at 127.0.0.1, a private proxy tier and an IPv6 one. */
    private static final List<Cidr> TRUSTED = List.of(Cidr.parse("127.0.0.1/32"), Cidr.parse("10.0.0.0/8"),
            Cidr.parse("fd00::/8"));

    @ParameterizedTest(name = "{0} via {1} -> {2}")
    @CsvSource(delimiter = '|', nullValues = "NONE", value = {
            // honest chains: the rightmost untrusted address is the client
            "127.0.0.1 | 203.0.113.7                          | 203.0.113.7",
            "127.0.0.1 | 203.0.113.7, 10.1.2.3                | 203.0.113.7",
            "127.0.0.1 | 203.0.113.7,10.1.2.3,10.9.9.9        | 203.0.113.7",
            "10.0.0.5  | 198.51.100.1, 203.0.113.7            | 203.0.113.7",
            // the client wrote the left part: a forged address there is never taken
            "127.0.0.1 | 6.6.6.6, 203.0.113.7                 | 203.0.113.7",
            "127.0.0.1 | 10.0.0.1, 203.0.113.7                | 203.0.113.7",
            // every hop trusted: the leftmost
            "127.0.0.1 | 10.0.0.9, 10.0.0.8                   | 10.0.0.9",
            // IPv6, in the JDK's usual text; an IPv4-mapped address is IPv4
            "127.0.0.1 | 2001:db8::1                          | 2001:db8:0:0:0:0:0:1",
            "127.0.0.1 | 2001:DB8::1, fd00::2                 | 2001:db8:0:0:0:0:0:1",
            "127.0.0.1 | ::ffff:203.0.113.7                   | 203.0.113.7",
            "fd00::9   | 203.0.113.7                          | 203.0.113.7",
            "fd00:0:0:0:0:0:0:9%eth0 | 203.0.113.7            | 203.0.113.7",
            // an untrusted peer's header is ignored whatever it says
            "192.0.2.1 | 203.0.113.7                          | 192.0.2.1",
            "192.0.2.1 | 10.0.0.1                             | 192.0.2.1",
            "::1       | 203.0.113.7                          | ::1",
            // a trusted peer without the header is the client
            "127.0.0.1 | NONE                                 | 127.0.0.1",
            // anything but an IP literal where the walk needs one: the peer
            "127.0.0.1 | ''                                   | 127.0.0.1",
            "127.0.0.1 | 203.0.113.7:4711                     | 127.0.0.1",
            "127.0.0.1 | [2001:db8::1]:443                    | 127.0.0.1",
            "127.0.0.1 | [2001:db8::1]                        | 127.0.0.1",
            "127.0.0.1 | unknown                              | 127.0.0.1",
            "127.0.0.1 | localhost                            | 127.0.0.1",
            "127.0.0.1 | example.com                          | 127.0.0.1",
            "127.0.0.1 | 203.0.113.7 10.0.0.1                 | 127.0.0.1",
            "127.0.0.1 | 203.0.113.7,,10.0.0.1                | 127.0.0.1",
            "127.0.0.1 | 203.0.113.7;10.0.0.1                 | 127.0.0.1",
            "127.0.0.1 | 256.1.1.1                            | 127.0.0.1",
            "127.0.0.1 | 1.2.3                                | 127.0.0.1",
            "127.0.0.1 | 010.1.1.1                            | 127.0.0.1",
            "127.0.0.1 | 0x7f.0.0.1                           | 127.0.0.1",
            "127.0.0.1 | 2130706433                           | 127.0.0.1",
            "127.0.0.1 | fe80::1%eth0                         | 127.0.0.1",
            "127.0.0.1 | 1:2:3:4:5:6:7:8:9                    | 127.0.0.1",
            "127.0.0.1 | :::                                  | 127.0.0.1",
            "127.0.0.1 | for=203.0.113.7                      | 127.0.0.1",
            // garbage to the left of the client is never read
            "127.0.0.1 | <script>, 203.0.113.7                | 203.0.113.7",
    })
    void theRightmostUntrustedAddressIsTheClient(String remote, String header, String client) {
        assertEquals(client, ClientAddress.resolve(remote, header == null ? List.of() : List.of(header), TRUSTED));
    }

    @Test
    void severalHeaderLinesAreOneList() {
        assertEquals("203.0.113.7", ClientAddress.resolve("127.0.0.1", List.of("6.6.6.6", "203.0.113.7, 10.0.0.1"), TRUSTED));
        assertEquals("203.0.113.7", ClientAddress.resolve("127.0.0.1", List.of("203.0.113.7", "10.0.0.1"), TRUSTED));
    }

    @Test
    void withNoTrustedProxyTheHeaderIsIgnored() {
        assertEquals("127.0.0.1", ClientAddress.resolve("127.0.0.1", List.of("203.0.113.7"), List.of()));
    }

    @Test
    void aVeryLongHeaderIsReadFromItsRightEndOnly() {
        String padding = String.join(",", Collections.nCopies(100_000, "6.6.6.6"));
        assertTimeoutPreemptively(Duration.ofSeconds(1), () -> {
            assertEquals("203.0.113.7", ClientAddress.resolve("127.0.0.1", List.of(padding + ", 203.0.113.7, 10.0.0.1"), TRUSTED));
            assertEquals("203.0.113.7", ClientAddress.resolve("127.0.0.1",
                    List.of(padding, padding, "203.0.113.7", "10.0.0.1"), TRUSTED));
        });
        String[] hops = new String[200];
        Arrays.fill(hops, "10.0.0.1");
        // nothing but trusted hops as far as the cap: the leftmost read, never the half-cut one
        String all = String.join(",", hops);
        String read = ClientAddress.resolve("127.0.0.1", List.of("6.6.6.6," + all), TRUSTED);
        assertEquals("10.0.0.1", read);
        // one address with no separator, longer than the cap: nothing to believe
        assertEquals("127.0.0.1", ClientAddress.resolve("127.0.0.1", List.of("1".repeat(5000)), TRUSTED));
    }

    @Test
    void theCutNeverYieldsHalfAnAddress() {
        // the cap falls inside 123.45.67.89 and leaves 3.45.67.89, a valid address nobody sent
        String tail = ",10.0.0.1".repeat(106) + ",10.0.0.10".repeat(6);
        String header = "123.45.67.89" + tail;
        assertEquals(ClientAddress.MAX_FORWARDED_FOR + 2, header.length());
        assertEquals("10.0.0.1", ClientAddress.resolve("127.0.0.1", List.of(header), TRUSTED));
    }
}
