package dev.kickout.it.support;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A minimal RESP2 client for the commands that build and watch a topology (CLUSTER MEET, SENTINEL
 * ..., INFO): one short-lived socket per call, so it works the same on a node that was just killed,
 * restarted or promoted, and needs no {@code redis-cli} on the machine. Not for application data.
 */
final class Resp {

    private static final int TIMEOUT_MS = 2_000;

    private Resp() {
    }

    /** Sends one command to 127.0.0.1:port; a Redis error reply becomes a {@link RespError}. */
    static Object call(int port, String... command) {
        try (Connection connection = new Connection(port)) {
            return connection.call(command);
        }
    }

    /** The reply as text (bulk or simple string). */
    static String text(int port, String... command) {
        return String.valueOf(call(port, command));
    }

    /** Whether a redis-server answers PING on the port now. */
    static boolean answers(int port) {
        try {
            return "PONG".equals(call(port, "PING"));
        } catch (UncheckedIOException | RespError e) {
            return false;
        }
    }

    private static byte[] encode(String... command) {
        StringBuilder text = new StringBuilder("*").append(command.length).append("\r\n");
        for (String part : command) {
            text.append('$').append(part.getBytes(StandardCharsets.UTF_8).length).append("\r\n").append(part).append("\r\n");
        }
        return text.toString().getBytes(StandardCharsets.UTF_8);
    }

    private static Object read(InputStream in) throws IOException {
        int type = in.read();
        String line = line(in);
        return switch (type) {
            case '+' -> line;
            case '-' -> throw new RespError(line);
            case ':' -> Long.parseLong(line);
            case '$' -> bulk(in, Integer.parseInt(line));
            case '*' -> array(in, Integer.parseInt(line));
            case -1 -> throw new IOException("connection closed before a reply");
            default -> throw new IOException("unexpected RESP type '" + (char) type + "'");
        };
    }

    private static String bulk(InputStream in, int length) throws IOException {
        if (length < 0) {
            return null;
        }
        byte[] data = in.readNBytes(length);
        line(in);
        return new String(data, StandardCharsets.UTF_8);
    }

    private static List<Object> array(InputStream in, int length) throws IOException {
        if (length < 0) {
            return null;
        }
        List<Object> items = new ArrayList<>(length);
        for (int i = 0; i < length; i++) {
            items.add(read(in));
        }
        return items;
    }

    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        int b;
        while ((b = in.read()) != '\r') {
            if (b == -1) {
                throw new IOException("connection closed in a reply");
            }
            line.write(b);
        }
        in.read();
        return line.toString(StandardCharsets.UTF_8);
    }

    /**
     * One socket for several calls, where a measurement must not see the socket's own opening and
     * closing (Redis counts the read that finds a closed connection as a read).
     */
    static final class Connection implements AutoCloseable {

        private final int port;
        private final Socket socket = new Socket();
        private final InputStream in;

        Connection(int port) {
            this.port = port;
            try {
                socket.connect(new InetSocketAddress("127.0.0.1", port), TIMEOUT_MS);
                socket.setSoTimeout(TIMEOUT_MS);
                in = new BufferedInputStream(socket.getInputStream());
            } catch (IOException e) {
                close();
                throw new UncheckedIOException("127.0.0.1:" + port, e);
            }
        }

        /** Sends one command and reads its reply; a Redis error reply becomes a {@link RespError}. */
        Object call(String... command) {
            try {
                OutputStream out = socket.getOutputStream();
                out.write(encode(command));
                out.flush();
                return read(in);
            } catch (IOException e) {
                throw new UncheckedIOException("127.0.0.1:" + port + " " + String.join(" ", command), e);
            }
        }

        @Override
        public void close() {
            try {
                socket.close();
            } catch (IOException ignored) {
                // closing a loopback socket: nothing left to do
            }
        }
    }

    /** An error reply of Redis ({@code -ERR ...}, {@code -MOVED ...}). */
    static final class RespError extends RuntimeException {
        private static final long serialVersionUID = 1L;

        RespError(String message) {
            super(message);
        }
    }
}
