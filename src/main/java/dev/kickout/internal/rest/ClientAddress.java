package dev.kickout.internal.rest;

import dev.kickout.internal.config.Cidr;
import dev.kickout.internal.config.KickoutConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;

/**
 * The address of the client behind a request, as sessions, audit entries and the login throttle record
 * it. Behind a reverse proxy the server's peer is the proxy; when that peer is one of
 * {@code kickout.trusted-proxies}, {@code X-Forwarded-For} is read from the right, past the addresses
 * that are trusted proxies themselves, and the first other address is the client (anything left of it
 * was written by whoever the client claims to be, so it is never believed). From any other peer the
 * header is ignored.
 * <pre>{@code
 * @Inject ClientAddress clients;
 * String ip = clients.of(request);
 * }</pre>
 */
@ApplicationScoped
public class ClientAddress {

    /** Only this much of the header's right end is read: the client is at that end. */
    static final int MAX_FORWARDED_FOR = 1024;

    @Inject
    KickoutConfig config;

    /** The client's address: the forwarded one from a trusted proxy, else the server's peer as it reports it. */
    public String of(HttpServletRequest request) {
        if (config.trustedProxies().isEmpty()) {
            return request.getRemoteAddr();
        }
        Enumeration<String> forwardedFor = request.getHeaders("X-Forwarded-For");
        return resolve(request.getRemoteAddr(), forwardedFor == null ? List.of() : Collections.list(forwardedFor),
                config.trustedProxies());
    }

    /** Whether the server's peer is a trusted proxy, whose {@code X-Forwarded-*} headers are believed. */
    public boolean fromTrustedProxy(HttpServletRequest request) {
        return !config.trustedProxies().isEmpty() && trusted(peer(request.getRemoteAddr()), config.trustedProxies());
    }

    /**
     * The right-to-left rule: {@code remote} unless it is trusted; then the rightmost address of the
     * {@code X-Forwarded-For} values that is not trusted (all trusted: the leftmost read). An entry
     * that is not an IP literal (a name, a port, "unknown", an empty entry) ends the walk at
     * {@code remote}, so a garbled chain never yields an address someone chose.
     */
    static String resolve(String remote, List<String> forwardedFor, List<Cidr> trusted) {
        if (forwardedFor.isEmpty() || !trusted(peer(remote), trusted)) {
            return remote;
        }
        String chain = rightEnd(forwardedFor);
        int firstHop = 0;
        if (chain.length() > MAX_FORWARDED_FOR) {
            chain = chain.substring(chain.length() - MAX_FORWARDED_FOR);
            firstHop = 1; // the cut may have left half an address at the left
        }
        String[] hops = chain.split(",", -1);
        byte[] client = null;
        for (int i = hops.length - 1; i >= firstHop; i--) {
            client = Cidr.address(hops[i].trim());
            if (client == null) {
                return remote;
            }
            if (!trusted(client, trusted)) {
                break;
            }
        }
        return client == null ? remote : Cidr.text(client);
    }

    /** The header values joined as one list (several header lines are one list), read from the right, a little past the cap. */
    private static String rightEnd(List<String> values) {
        StringBuilder chain = new StringBuilder();
        for (int i = values.size() - 1; i >= 0 && chain.length() <= MAX_FORWARDED_FOR; i--) {
            String value = values.get(i);
            chain.insert(0, value.substring(Math.max(0, value.length() - MAX_FORWARDED_FOR - 1)) + (chain.length() == 0 ? "" : ","));
        }
        return chain.toString();
    }

    /** The peer address as the container reports it, without an IPv6 zone id. */
    private static byte[] peer(String remote) {
        if (remote == null) {
            return null;
        }
        int zone = remote.indexOf('%');
        return Cidr.address(zone < 0 ? remote : remote.substring(0, zone));
    }

    private static boolean trusted(byte[] address, List<Cidr> trusted) {
        for (Cidr cidr : trusted) {
            if (cidr.contains(address)) {
                return true;
            }
        }
        return false;
    }
}
