package dev.kickout.internal.session;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LoginThrottleTest {

    @ParameterizedTest(name = "{0} is counted as {1}")
    @CsvSource(nullValues = "null", value = {
            "203.0.113.7, 203.0.113.7",
            "2001:db8:1:2:3:4:5:6, 2001:db8:1:2:0:0:0:0/64",
            "2001:db8:1:2:ffff::1, 2001:db8:1:2:0:0:0:0/64",
            "2001:DB8:1:2::, 2001:db8:1:2:0:0:0:0/64",
            "2001:db8:1:3::1, 2001:db8:1:3:0:0:0:0/64",
            "::ffff:203.0.113.7, 203.0.113.7",
            "fe80::1%eth0, fe80:0:0:0:0:0:0:0/64",
            "::1, 0:0:0:0:0:0:0:0/64",
            "unknown, unknown",
            "host.example:80, host.example:80",
            "null, null"})
    void anIpv6ClientIsCountedByItsSlash64AndAnIpv4OneByItsAddress(String address, String counted) {
        assertEquals(counted, LoginThrottle.counted(address));
    }
}
