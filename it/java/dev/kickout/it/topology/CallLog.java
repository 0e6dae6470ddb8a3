package dev.kickout.it.topology;

import dev.kickout.it.http.Reply;
import java.io.UncheckedIOException;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Predicate;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * Every request a failover drill sends, with when it left, when its answer came and what it was,
 * so that the drill can judge the answers by the moment of the kill afterwards.
 */
final class CallLog {

    /**
     * One request: {@code status} -1 for an I/O failure (then {@code code} is its message);
     * {@code onKilled} whether it needs the Redis node that the drill kills; {@code refusal} the body of
     * a 4xx answer, so that a drill that fails says what the refusal said.
     */
    record Call(String op, boolean onKilled, long sentNanos, long answeredNanos, int status, String code, String refusal) {

        boolean succeeded() {
            return status >= 200 && status < 300;
        }
    }


    private final ConcurrentLinkedQueue<Call> calls = new ConcurrentLinkedQueue<>();

    /** Sends a request and records its answer; null when it failed with an I/O error (recorded too). */
    Reply send(String op, boolean onKilled, Supplier<Reply> request) {
        long sent = System.nanoTime();
        try {
            Reply reply = request.get();
            String refusal = reply.status() >= 400 && reply.status() < 500 ? reply.body() : null;
            calls.add(new Call(op, onKilled, sent, System.nanoTime(), reply.status(), codeOf(reply), refusal));
            return reply;
        } catch (UncheckedIOException e) {
            calls.add(new Call(op, onKilled, sent, System.nanoTime(), -1, String.valueOf(e.getCause()), null));
            return null;
        }
    }

    List<Call> calls() {
        return List.copyOf(calls);
    }

    /** The first success among {@code which} of a request on the killed node sent after {@code nanos}. */
    Optional<Call> firstSuccessAfter(long nanos, Predicate<Call> which) {
        return calls.stream().filter(c -> c.onKilled() && c.sentNanos() > nanos && c.succeeded() && which.test(c))
                .min(Comparator.comparingLong(Call::answeredNanos));
    }

    long count(Predicate<Call> which) {
        return calls.stream().filter(which).count();
    }

    /** How many requests of each kind got each answer, e.g. {@code {kick 503 STORE_UNAVAILABLE=12}}. */
    String describe(Predicate<Call> which) {
        return calls.stream().filter(which).collect(Collectors.groupingBy(c -> c.op() + " " + c.status()
                + (c.code() == null ? "" : " " + c.code()), TreeMap::new, Collectors.counting())).toString();
    }

    /** Each request of {@code which}, when it was sent and answered (ms after {@code since}) and what it met. */
    String list(Predicate<Call> which, long since) {
        return calls.stream().filter(which).map(c -> String.format("%s%s sent %+d ms, answered %+d ms: %d %s",
                        c.op(), c.onKilled() ? " (killed node's slots)" : "", (c.sentNanos() - since) / 1_000_000,
                        (c.answeredNanos() - since) / 1_000_000, c.status(), c.refusal() != null ? c.refusal() : c.code()))
                .collect(Collectors.joining("; "));
    }

    /** 503 with code {@code STORE_UNAVAILABLE} and a Retry-After: the one allowed failure. */
    static boolean unavailable(Call call) {
        return call.status() == 503 && "STORE_UNAVAILABLE".equals(call.code());
    }

    /** Any 5xx that is not a proper {@link #unavailable} answer. */
    static boolean otherServerError(Call call) {
        return call.status() >= 500 && !unavailable(call);
    }

    /**
     * The one 4xx a drill may meet: a kick answered 404 because an earlier try of it, answered 503, did
     * apply ({@link KickLoad} checks that it did). Every session the loads use comes from a login answered
     * 200, which a replica confirmed: a token refused or a session not found is a lost decision.
     */
    static boolean expectedRefusal(Call call) {
        return call.op().equals("kick") && call.status() == 404 && "NOT_FOUND".equals(call.code());
    }

    static boolean unexpectedRefusal(Call call) {
        return call.status() >= 400 && call.status() < 500 && !expectedRefusal(call);
    }

    static boolean ioFailure(Call call) {
        return call.status() == -1;
    }

    private static String codeOf(Reply reply) {
        if (reply.status() < 400) {
            return null;
        }
        if (reply.status() == 503 && reply.header("Retry-After") == null) {
            return "NO_RETRY_AFTER";
        }
        String type = String.valueOf(reply.header("Content-Type"));
        if (!type.startsWith("application/problem+json")) {
            return "NOT_A_PROBLEM";
        }
        return reply.code();
    }
}
