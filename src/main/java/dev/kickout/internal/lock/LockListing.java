package dev.kickout.internal.lock;

import dev.kickout.LockView;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * The admin's page of held locks. Without a filter it reads exactly the page asked for; a filter
 * (type, holder) is applied to the first {@value #FILTER_WINDOW} index entries only, so no request
 * reads more than that, however many locks exist.
 */
@ApplicationScoped
class LockListing {

    /** Index entries a filtered listing examines at most. */
    static final int FILTER_WINDOW = 5_000;
    /** Locks read per pipelined round trip of a filtered listing. */
    private static final int CHUNK = 500;

    @Inject
    LockIndex index;

    EditLocks.Page page(int offset, int limit) {
        LockIndex.Window window = index.window(limit, offset, limit);
        return new EditLocks.Page(window.indexSize(), window.held());
    }

    EditLocks.Page filtered(Predicate<LockView> filter, int offset, int limit) {
        List<LockView> matches = new ArrayList<>();
        int from = 0;
        for (int examined = 0; examined < FILTER_WINDOW; ) {
            LockIndex.Window window = index.window(from == 0 ? CHUNK : 0, from, CHUNK);
            window.held().stream().filter(filter).forEach(matches::add);
            examined += window.examined();
            from += window.examined() - window.forgotten();
            if (window.examined() < CHUNK) {
                break;
            }
        }
        int start = (int) Math.min(offset, matches.size());
        return new EditLocks.Page(matches.size(), List.copyOf(matches.subList(start, Math.min(matches.size(), start + limit))));
    }
}
