package dev.kickout.internal.audit;

import java.util.regex.Pattern;
import org.redisson.api.stream.StreamMessageId;

/**
 * Id of an audit entry, {@code <millis>-<sequence>}: time first, unique over every stream of every
 * audit shard (the sequence is a shard's own counter times the number of shards plus the shard),
 * strictly increasing within a shard; so it orders the whole trail (entries of one millisecond in
 * different shards in a fixed order) and serves as the {@code before} paging cursor.
 */
record AuditId(long millis, long sequence) implements Comparable<AuditId> {

    /** Above every id that can exist. */
    static final AuditId MAX = new AuditId(Long.MAX_VALUE, Long.MAX_VALUE);
    static final AuditId MIN = new AuditId(0, 0);

    private static final Pattern FORM = Pattern.compile("[0-9]{1,19}-[0-9]{1,19}");

    /** Parses a cursor; null if it is not an id. */
    static AuditId parse(String text) {
        if (text == null || !FORM.matcher(text).matches()) {
            return null;
        }
        int dash = text.indexOf('-');
        try {
            return new AuditId(Long.parseLong(text.substring(0, dash)), Long.parseLong(text.substring(dash + 1)));
        } catch (NumberFormatException e) {
            return null; // beyond a long: no entry has such an id
        }
    }

    static AuditId of(StreamMessageId id) {
        return new AuditId(id.getId0(), id.getId1());
    }

    /** The greatest id below this one; null below {@link #MIN}. */
    AuditId previous() {
        if (sequence > 0) {
            return new AuditId(millis, sequence - 1);
        }
        return millis > 0 ? new AuditId(millis - 1, Long.MAX_VALUE) : null;
    }

    StreamMessageId toStream() {
        return new StreamMessageId(millis, sequence);
    }

    @Override
    public int compareTo(AuditId other) {
        int byTime = Long.compare(millis, other.millis);
        return byTime != 0 ? byTime : Long.compare(sequence, other.sequence);
    }

    @Override
    public String toString() {
        return millis + "-" + sequence;
    }
}
