package dev.kickout;

import jakarta.persistence.Embedded;
import jakarta.persistence.MappedSuperclass;
import java.io.Serializable;

/**
 * A JPA entity saved under an edit lock: it stores the fence of its last writer, which
 * {@link FencedWrites} compares with the saving call's fence (column {@code lastFence}). List it in
 * {@code persistence.xml} beside your entities when unlisted classes are excluded (with {@link Fence}, which
 * it embeds). An entity that has a superclass of its own embeds a {@link Fence} instead.
 * <pre>{@code
 * @Entity
 * public class Order extends FencedRecord { @Id String id; @Version long version; ... }
 * }</pre>
 *
 * @since 1.0
 */
@MappedSuperclass
public abstract class FencedRecord implements Serializable {

    @Embedded
    private Fence fence = new Fence();

    /** The fence of the save that last wrote this record (0 if none did). */
    public long getLastFence() {
        return fence.lastFence();
    }

    Fence fence() {
        return fence;
    }
}
