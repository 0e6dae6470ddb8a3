package dev.kickout.demo;

import dev.kickout.ResourceRef;
import dev.kickout.spi.Caller;
import dev.kickout.spi.LockPolicy;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Set;

/**
 * The reference app's say on who may edit a document: signed-in users with the role {@code user} (or
 * admins), and nobody an archived document (an id starting with {@code archived-}, kept read-only).
 * The module asks before every acquire and heartbeat; other lock types are not the app's concern here.
 * Archived documents stay visible: the same users see who has one open and who last held it.
 */
@ApplicationScoped
public class DocumentLockPolicy implements LockPolicy {

    static final String ARCHIVED = "archived-";
    private static final Set<String> EDITOR_ROLES = Set.of("user", "admin");

    @Override
    public boolean mayLock(Caller caller, ResourceRef resource) {
        if (!resource.type().equals("document")) {
            return true;
        }
        return !resource.id().startsWith(ARCHIVED) && mayView(caller, resource);
    }

    @Override
    public boolean mayView(Caller caller, ResourceRef resource) {
        return !resource.type().equals("document") || EDITOR_ROLES.stream().anyMatch(caller::hasRole);
    }
}
