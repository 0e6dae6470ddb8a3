package dev.kickout;

import jakarta.persistence.Column;
import jakarta.persistence.Embeddable;
import java.io.Serializable;

/**
 * The fence of a record's last guarded writer, as an embeddable: for entities that cannot extend
 * {@link FencedRecord} (they have a superclass of their own). Column {@code lastFence}, as on
 * {@link FencedRecord}; {@link FencedWrites} compares it with the saving call's fence.
 * <pre>{@code
 * @Entity
 * public class Contract extends AuditedEntity {
 *     @Id String id;
 *     @Version long version;
 *     @Embedded Fence fence = new Fence();
 *     public Fence fence() { return fence; }
 * }
 *
 * fenced.claim(em, contract, Contract::fence);   // in a @RequiresEditLock save
 * }</pre>
 * List it in {@code persistence.xml} beside your entities when unlisted classes are excluded.
 *
 * @since 1.0
 */
@Embeddable
public class Fence implements Serializable {

    @Column(name = "lastFence", nullable = false)
    private long lastFence;

    /** The fence of the save that last wrote the record (0 if none did). */
    public long lastFence() {
        return lastFence;
    }

    void fencedBy(long fence) {
        this.lastFence = fence;
    }
}
