package dev.kickout.it.lock.bad;

import dev.kickout.RequiresEditLock;
import jakarta.enterprise.context.ApplicationScoped;

/** A save whose @RequiresEditLock names a parameter that does not exist. */
@ApplicationScoped
public class MisdeclaredSave {

    @RequiresEditLock(type = "order", idParam = "orderId")
    public void save(String id, String body) {
        // never deployed
    }
}
