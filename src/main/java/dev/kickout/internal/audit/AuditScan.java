package dev.kickout.internal.audit;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.function.Predicate;

/**
 * Merges newest-first sources (the audit streams) into one page, examining at most
 * {@code budget} entries: filtering in Redis costs a scan, and a request must stay cheap.
 */
final class AuditScan {

    /** A stream read newest first: up to {@code count} entries with ids in {@code [lower, upper]}. */
    interface Source {
        List<AuditEntry> range(AuditId upper, AuditId lower, int count);
    }

    private AuditScan() {
    }

    static AuditPage page(List<Source> sources, AuditId upper, AuditId lower, Predicate<AuditEntry> filter,
                          int limit, int budget, int chunk) {
        List<Cursor> cursors = new ArrayList<>();
        sources.forEach(source -> cursors.add(new Cursor(source, upper, lower, chunk)));
        List<AuditEntry> items = new ArrayList<>();
        int examined = 0;
        AuditEntry last = null;
        while (items.size() < limit) {
            Cursor newest = newest(cursors);
            if (newest == null) {
                return new AuditPage(items, null);
            }
            if (examined == budget) {
                return new AuditPage(items, last.id());
            }
            last = newest.take();
            examined++;
            if (filter.test(last)) {
                items.add(last);
            }
        }
        return new AuditPage(items, null);
    }

    private static Cursor newest(List<Cursor> cursors) {
        Cursor newest = null;
        for (Cursor cursor : cursors) {
            AuditEntry head = cursor.peek();
            if (head != null && (newest == null || id(head).compareTo(id(newest.peek())) > 0)) {
                newest = cursor;
            }
        }
        return newest;
    }

    private static AuditId id(AuditEntry entry) {
        return AuditId.parse(entry.id());
    }

    /** One source, fetched a chunk at a time. */
    private static final class Cursor {
        private final Source source;
        private final AuditId lower;
        private final int chunk;
        private final Deque<AuditEntry> buffer = new ArrayDeque<>();
        private AuditId upper;

        Cursor(Source source, AuditId upper, AuditId lower, int chunk) {
            this.source = source;
            this.upper = upper;
            this.lower = lower;
            this.chunk = chunk;
        }

        AuditEntry peek() {
            if (buffer.isEmpty() && upper != null && upper.compareTo(lower) >= 0) {
                List<AuditEntry> fetched = source.range(upper, lower, chunk);
                buffer.addAll(fetched);
                upper = fetched.size() < chunk ? null : id(fetched.get(fetched.size() - 1)).previous();
            }
            return buffer.peekFirst();
        }

        AuditEntry take() {
            return buffer.pollFirst();
        }
    }
}
