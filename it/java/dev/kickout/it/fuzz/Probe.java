package dev.kickout.it.fuzz;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** One hostile request: what it aims at, how to describe it in a failure, and its exact bytes. */
final class Probe {

    private final String group;
    private String method;
    private String target;
    private final List<byte[]> headers = new ArrayList<>();
    private final List<String> notes = new ArrayList<>();
    private byte[] body;
    private boolean explicitLength;
    private Caller caller = Caller.NONE;

    /** Whose valid token (if any) goes along; it is added when the bytes are made, as tokens change. */
    enum Caller { NONE, USER, ADMIN }

    Probe(String group, String method, String target) {
        this.group = group;
        this.method = method;
        this.target = target;
    }

    String group() {
        return group;
    }

    Caller caller() {
        return caller;
    }

    Probe caller(Caller caller) {
        this.caller = caller;
        return this;
    }

    String method() {
        return method;
    }

    Probe method(String method) {
        this.method = method;
        return this;
    }

    Probe target(String target) {
        this.target = target;
        return this;
    }

    String target() {
        return target;
    }

    /** A header line, UTF-8 encoded as it stands (no check at all). */
    Probe header(String name, String value) {
        return rawHeader((name + ": " + value).getBytes(StandardCharsets.UTF_8), name + ": " + clip(value));
    }

    /** A header line of exactly these bytes. */
    Probe rawHeader(byte[] line, String note) {
        headers.add(line);
        notes.add(note);
        explicitLength |= note.toLowerCase().startsWith("content-length") || note.toLowerCase().startsWith("transfer-encoding");
        return this;
    }

    Probe body(byte[] body) {
        this.body = body;
        return this;
    }

    Probe body(String json, String contentType) {
        header("Content-Type", contentType);
        return body(json.getBytes(StandardCharsets.UTF_8));
    }

    boolean isHead() {
        return method.equals("HEAD");
    }

    /** The request; {@code token} is the caller's (null for {@link Caller#NONE}). */
    byte[] bytes(String hostHeader, String token) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes((method + " " + target + " HTTP/1.1\r\nHost: " + hostHeader + "\r\nConnection: close\r\n")
                .getBytes(StandardCharsets.UTF_8));
        if (token != null) {
            out.writeBytes(("Authorization: Bearer " + token + "\r\n").getBytes(StandardCharsets.US_ASCII));
        }
        for (byte[] line : headers) {
            out.writeBytes(line);
            out.writeBytes(new byte[] {'\r', '\n'});
        }
        if (body != null && !explicitLength) {
            out.writeBytes(("Content-Length: " + body.length + "\r\n").getBytes(StandardCharsets.US_ASCII));
        }
        out.writeBytes(new byte[] {'\r', '\n'});
        if (body != null) {
            out.writeBytes(body);
        }
        return out.toByteArray();
    }

    /** Short, printable description for a failure report. */
    String describe() {
        return caller + " " + (method.length() > 20 ? clip(method) : method) + " " + clip(target) + (notes.isEmpty() ? "" : " " + notes)
                + (body == null ? "" : " body(" + body.length + " B): " + clip(new String(body, StandardCharsets.UTF_8)));
    }

    private static String clip(String text) {
        String printable = text.replaceAll("[\\p{Cntrl}]", "?");
        return printable.length() <= 120 ? printable : printable.substring(0, 120) + "...(" + text.length() + ")";
    }
}
