// docs/guide/edit-locks.md shows this entity: it has a superclass of its own, so it embeds the fence.
package dev.kickout.docs;

import dev.kickout.Fence;
import jakarta.persistence.Embedded;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Version;

@Entity
public class Contract extends AuditedEntity {
    @Id String id;
    @Version long version;
    @Embedded Fence fence = new Fence();
    String terms;

    public Fence fence() {
        return fence;
    }
}
