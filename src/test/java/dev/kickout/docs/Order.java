// docs/guide/edit-locks.md shows this entity.
package dev.kickout.docs;

import dev.kickout.FencedRecord;
import dev.kickout.VersionConflictException;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Version;

@Entity
public class Order extends FencedRecord {   // adds the column lastFence; list FencedRecord and Fence in persistence.xml
    @Id String id;
    @Version long version;
    String customer;
    boolean closed;

    void apply(OrderForm form) {
        if (form.version() != version) {   // 409 VERSION_CONFLICT: the client edited an older version
            throw new VersionConflictException("Order " + id + " changed since version " + form.version());
        }
        customer = form.customer();
    }

    boolean isOpen() {
        return !closed;
    }

    void close() {
        closed = true;
    }
}
