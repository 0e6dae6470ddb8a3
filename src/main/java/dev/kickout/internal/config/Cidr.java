package dev.kickout.internal.config;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.regex.Pattern;

/**
 * An IPv4 or IPv6 address block such as {@code 10.0.0.0/8} or {@code 2001:db8::/32} (a bare address
 * is a block of one), and the parsing of IP literals it rests on. Text is only ever read as a
 * literal address: nothing here asks DNS.
 */
public record Cidr(byte[] network, int prefix) {

    private static final Pattern IPV4 = Pattern.compile("(0|[1-9][0-9]{0,2})(\\.(0|[1-9][0-9]{0,2})){3}");
    /**
     * Hex groups, '::' and an embedded IPv4 tail, starting with a hex digit or ':': the JDK then parses
     * it as an IPv6 literal or refuses it, and never resolves a name that contains ':'.
     */
    private static final Pattern IPV6 = Pattern.compile("[0-9A-Fa-f:][0-9A-Fa-f:.]{1,44}");

    /** A block from its address bytes (4 or 16) and prefix length; host bits are cleared. */
    public Cidr {
        if (network == null || network.length != 4 && network.length != 16 || prefix < 0 || prefix > network.length * 8) {
            throw new IllegalArgumentException("not 4 or 16 address bytes with a prefix length in range");
        }
        network = mask(network, prefix);
    }

    /**
     * @param text {@code address/prefix} or a bare address
     * @throws IllegalArgumentException not a literal address with a prefix in range
     */
    public static Cidr parse(String text) {
        int slash = text.indexOf('/');
        byte[] address = address(slash < 0 ? text : text.substring(0, slash));
        if (address == null) {
            throw new IllegalArgumentException("not an IPv4 or IPv6 address: " + text);
        }
        int bits = address.length * 8;
        int prefix = bits;
        if (slash >= 0) {
            String length = text.substring(slash + 1);
            if (!length.matches("[0-9]{1,3}") || Integer.parseInt(length) > bits) {
                throw new IllegalArgumentException("prefix length not 0-" + bits + ": " + text);
            }
            prefix = Integer.parseInt(length);
        }
        return new Cidr(address, prefix);
    }

    /** The block's first address (a copy). */
    @Override
    public byte[] network() {
        return network.clone();
    }

    /** Whether {@code address} (4 or 16 bytes, as {@link #address(String)} answers) lies in this block. */
    public boolean contains(byte[] address) {
        return address != null && address.length == network.length && Arrays.equals(mask(address, prefix), network);
    }

    /**
     * The bytes of an IP literal: 4 for IPv4 (IPv4-mapped IPv6 included), 16 for IPv6; null for
     * anything else (host names, ports, brackets, zone ids, spaces, leading zeros).
     */
    public static byte[] address(String text) {
        if (text == null) {
            return null;
        }
        if (IPV4.matcher(text).matches()) {
            String[] parts = text.split("\\.");
            byte[] bytes = new byte[4];
            for (int i = 0; i < 4; i++) {
                int part = Integer.parseInt(parts[i]);
                if (part > 255) {
                    return null;
                }
                bytes[i] = (byte) part;
            }
            return bytes;
        }
        if (text.indexOf(':') < 0 || !IPV6.matcher(text).matches()) {
            return null;
        }
        try {
            return InetAddress.getByName(text).getAddress();
        } catch (UnknownHostException e) {
            return null;
        }
    }

    /** The usual text of an address from {@link #address(String)}. */
    public static String text(byte[] address) {
        try {
            return InetAddress.getByAddress(address).getHostAddress();
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("not 4 or 16 bytes", e);
        }
    }

    private static byte[] mask(byte[] address, int prefix) {
        byte[] masked = address.clone();
        for (int i = 0; i < masked.length; i++) {
            int keep = Math.max(0, Math.min(8, prefix - i * 8));
            masked[i] &= (byte) (0xFF00 >> keep);
        }
        return masked;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Cidr cidr && prefix == cidr.prefix && Arrays.equals(network, cidr.network);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(network) + prefix;
    }

    @Override
    public String toString() {
        return text(network) + "/" + prefix;
    }
}
