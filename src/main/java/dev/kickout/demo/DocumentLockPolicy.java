package dev.kickout.demo;

import dev.kickout.lock.LockPolicy;
import dev.kickout.lock.ResourceRef;
import dev.kickout.session.Session;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Set;

/**
 * The reference app's say on who may edit a document: signed-in users with the role {@code user} (or
 * admins), and nobody an archived document (an id starting with {@code archived-}, kept read-only).
 * The module asks before every acquire and heartbeat; other lock types are not the app's concern here.
 */
@ApplicationScoped
public class DocumentLockPolicy implements LockPolicy {

    static final String ARCHIVED = "archived-";
    private static final Set<String> EDITOR_ROLES = Set.of("user", "admin");

    @Override
    public boolean mayLock(Session caller, ResourceRef resource) {
        if (!resource.type().equals("document")) {
            return true;
        }
        return !resource.id().startsWith(ARCHIVED) && caller.roles().stream().anyMatch(EDITOR_ROLES::contains);
    }
}
