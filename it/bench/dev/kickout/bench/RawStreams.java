package dev.kickout.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Many idle event streams read by one selector thread, for {@link WrkBench}: with a thread and an
 * {@code HttpClient} stream each, 10,000 readers on two cores measured the client more than the server.
 * Each stream is a plain HTTP/1.1 GET on its own connection; the client only looks for marker strings
 * in what arrives (an event's name), and notes when each stream first showed one. The connections come
 * from loopback source addresses 127.0.0.1, 127.0.0.2, ..., {@code perAddress} each, so that tens of
 * thousands of them do not exhaust one address's ephemeral ports (Linux routes all of 127.0.0.0/8 to
 * the loopback interface).
 */
final class RawStreams implements EventStreams {

    /** What a stream's text is searched in: what arrived last, plus enough of the earlier text for a split marker. */
    private static final int CARRY = 64;

    private final Selector selector;
    private final List<Stream> streams = new ArrayList<>();
    private final ByteBuffer buffer = ByteBuffer.allocateDirect(64 * 1024);
    private String expected;

    private RawStreams() {
        try {
            selector = Selector.open();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static final class Stream {
        final SocketChannel channel;
        String carry = "";
        String status;
        long markedNanos;

        Stream(SocketChannel channel) {
            this.channel = channel;
        }
    }

    /**
     * Opens up to {@code count} streams of {@code events} with the bearer {@code token}, each until it showed
     * {@code opened} (the server's first event), {@code perAddress} from each loopback source address; stops at
     * the first answer other than 200.
     */
    static RawStreams open(URI events, String token, int count, int perAddress, String opened, Duration timeout)
            throws IOException {
        RawStreams raw = new RawStreams();
        byte[] request = ("GET " + events.getRawPath() + " HTTP/1.1\r\nHost: " + events.getHost() + ":" + events.getPort()
                + "\r\nAuthorization: Bearer " + token + "\r\nAccept: text/event-stream\r\n\r\n")
                .getBytes(StandardCharsets.US_ASCII);
        InetSocketAddress address = new InetSocketAddress(events.getHost(), events.getPort());
        int batch = 200;
        while (raw.streams.size() < count && raw.refusal() == null) {
            List<Stream> fresh = new ArrayList<>();
            for (int i = 0; i < Math.min(batch, count - raw.streams.size()); i++) {
                SocketChannel channel = SocketChannel.open();
                channel.bind(new InetSocketAddress(source(raw.streams.size() / perAddress), 0));
                channel.connect(address);
                channel.write(ByteBuffer.wrap(request));
                channel.configureBlocking(false);
                Stream stream = new Stream(channel);
                channel.register(raw.selector, SelectionKey.OP_READ, stream);
                fresh.add(stream);
                raw.streams.add(stream);
            }
            raw.await(fresh, opened, timeout);
            fresh.forEach(stream -> stream.markedNanos = 0);
        }
        return raw;
    }

    /** The n-th loopback source address from 127.0.0.1 on (127.0.0.1 is 0). */
    static InetAddress source(int n) throws UnknownHostException {
        int host = 1 + n;
        if (host > 0xFF_FF_FE) {
            throw new IllegalArgumentException("no loopback address " + n);
        }
        return InetAddress.getByAddress(new byte[] {127, (byte) (host >> 16), (byte) (host >> 8), (byte) host});
    }

    /** Loopback source addresses the first {@code count} streams use. */
    static int addresses(int count, int perAddress) {
        return (count + perAddress - 1) / perAddress;
    }

    /** Forgets which streams showed a marker (and the text kept for a split one); what arrives is read in {@link #awaitAll}. */
    @Override
    public void expect(String marker) {
        expected = marker;
        streams.forEach(stream -> {
            stream.markedNanos = 0;
            stream.carry = "";
        });
    }

    /** The status line of the first answer other than 200, or null. */
    @Override
    public String refusal() {
        return streams.stream().filter(stream -> stream.status != null && !answered200(stream))
                .map(stream -> stream.status).findFirst().orElse(null);
    }

    @Override
    public int held() {
        return (int) streams.stream().filter(RawStreams::answered200).count();
    }

    @Override
    public long[] awaitAll(Duration timeout) throws IOException {
        await(streams, expected, timeout);
        return streams.stream().mapToLong(stream -> stream.markedNanos).toArray();
    }

    private void await(List<Stream> these, String marker, Duration timeout) throws IOException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (these.stream().anyMatch(RawStreams::waiting) && System.nanoTime() < deadline) {
            selector.select(Math.max(1, (deadline - System.nanoTime()) / 1_000_000));
            for (SelectionKey key : selector.selectedKeys()) {
                read((Stream) key.attachment(), marker);
            }
            selector.selectedKeys().clear();
        }
    }

    private static boolean waiting(Stream stream) {
        return stream.markedNanos == 0 && (stream.status == null || answered200(stream)) && stream.channel.isOpen();
    }

    private static boolean answered200(Stream stream) {
        return stream.status != null && stream.status.contains(" 200 ");
    }

    private void read(Stream stream, String marker) throws IOException {
        buffer.clear();
        int read;
        try {
            read = stream.channel.read(buffer);
        } catch (IOException e) {
            read = -1;
        }
        if (read < 0) {
            stream.channel.close();
            return;
        }
        buffer.flip();
        String text = stream.carry + StandardCharsets.UTF_8.decode(buffer);
        if (stream.status == null && text.contains("\r\n")) {
            stream.status = text.substring(0, text.indexOf("\r\n"));
        }
        if (stream.markedNanos == 0 && text.contains(marker)) {
            stream.markedNanos = System.nanoTime();
        }
        stream.carry = text.substring(Math.max(0, text.length() - CARRY));
    }

    @Override
    public void close() {
        for (Stream stream : streams) {
            try {
                stream.channel.close();
            } catch (IOException e) {
                // closing anyway
            }
        }
        try {
            selector.close();
        } catch (IOException e) {
            // closing anyway
        }
    }
}
