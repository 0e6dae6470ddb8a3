package legacy.forms;

import dev.kickout.RequiresEditLock;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;

/** The app's save, guarded by the record's edit lock as any legacy save would be. */
@ApplicationScoped
public class OrderDesk {

    @RequiresEditLock(type = "order", idIndex = 0)
    @Transactional
    public String save(String orderId) {
        return "saved " + orderId;
    }
}
