package dev.kickout.it.fuzz;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * HTTP/1.1 over a plain socket to 127.0.0.1, one request per connection: it sends exactly the
 * bytes it is given (odd methods, raw spaces, control bytes, duplicate headers), which
 * {@code java.net.http} refuses to do.
 */
final class RawHttp {

    private static final int HEAD_LIMIT = 256 * 1024;
    private static final int BODY_LIMIT = 256 * 1024;

    /**
     * What came back: the status ({@code -1} when the server closed or timed out before a status
     * line), the response head and as much of the body as was read.
     */
    record Answer(int status, String head, String body) {

        String statusClass() {
            return status < 100 ? "none" : (status / 100) + "xx";
        }
    }

    private final int port;
    private final int timeoutMillis;

    RawHttp(int port, int timeoutMillis) {
        this.port = port;
        this.timeoutMillis = timeoutMillis;
    }

    Answer exchange(byte[] request, boolean headOnly) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), timeoutMillis);
            socket.setSoTimeout(timeoutMillis);
            OutputStream out = socket.getOutputStream();
            String writeFailure = "";
            try {
                out.write(request);
                out.flush();
                // Half-close: the server sees the end of what we send, so a request framed short by hand (a
                // Content-Length above the bytes sent, an unfinished chunk) is answered or closed at once
                // instead of waiting for more bytes until the read timeout (Payara Micro waits; 15 s each).
                socket.shutdownOutput();
            } catch (IOException e) {
                // the server may refuse mid-request (oversized); its answer may still be readable
                writeFailure = "sending failed: " + e.getMessage() + "; ";
            }
            Answer answer = read(socket.getInputStream(), headOnly);
            return answer.status() < 0 ? new Answer(-1, writeFailure + "closed before a status line", "") : answer;
        } catch (IOException e) {
            return new Answer(-1, e.toString(), "");
        }
    }

    private static Answer read(InputStream in, boolean headOnly) throws IOException {
        String headText = head(in);
        while (status(headText) / 100 == 1) { // 100 Continue and other interim answers: the real one follows
            headText = head(in);
        }
        int status = status(headText);
        if (status < 0 || headOnly || headText.toLowerCase(Locale.ROOT).contains("text/event-stream")) {
            return new Answer(status, headText, "");
        }
        long length = contentLength(headText);
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        try {
            byte[] buffer = new byte[8192];
            while (body.size() < BODY_LIMIT && (length < 0 || body.size() < length)) {
                int n = in.read(buffer);
                if (n < 0) {
                    break;
                }
                body.write(buffer, 0, n);
                if (length < 0 && body.toString(StandardCharsets.ISO_8859_1).endsWith("0\r\n\r\n")) {
                    break;
                }
            }
        } catch (SocketTimeoutException | java.net.SocketException e) {
            // a body cut short still tells what the status said
        }
        return new Answer(status, headText, body.toString(StandardCharsets.UTF_8));
    }

    /** Reads one response head, up to and including its empty line (or whatever came before a close). */
    private static String head(InputStream in) throws IOException {
        ByteArrayOutputStream head = new ByteArrayOutputStream();
        try {
            int matched = 0;
            while (matched < 4 && head.size() < HEAD_LIMIT) {
                int b = in.read();
                if (b < 0) {
                    break;
                }
                head.write(b);
                matched = b == "\r\n\r\n".charAt(matched) ? matched + 1 : b == '\r' ? 1 : 0;
            }
        } catch (SocketTimeoutException | java.net.SocketException e) {
            // whatever arrived is the answer
        }
        return head.toString(StandardCharsets.ISO_8859_1);
    }

    private static int status(String head) {
        if (!head.startsWith("HTTP/1.") || head.length() < 12) {
            return -1;
        }
        try {
            return Integer.parseInt(head.substring(9, 12));
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private static long contentLength(String head) {
        for (String line : head.split("\r\n")) {
            if (line.toLowerCase(Locale.ROOT).startsWith("content-length:")) {
                try {
                    return Long.parseLong(line.substring(15).trim());
                } catch (NumberFormatException e) {
                    return -1;
                }
            }
        }
        return -1;
    }
}
