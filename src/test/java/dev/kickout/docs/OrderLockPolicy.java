// docs/guide/edit-locks.md (Who may lock what) shows this policy.
package dev.kickout.docs;

import dev.kickout.ResourceRef;
import dev.kickout.spi.Caller;
import dev.kickout.spi.LockPolicy;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

@ApplicationScoped
public class OrderLockPolicy implements LockPolicy {
    @Inject OrderRepository orders;

    @Override
    public boolean mayLock(Caller caller, ResourceRef resource) {
        return !resource.type().equals("order")
                || caller.hasRole("clerk") && orders.isOpen(resource.id());
    }
}
