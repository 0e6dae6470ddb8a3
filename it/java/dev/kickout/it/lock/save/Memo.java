package dev.kickout.it.lock.save;

import dev.kickout.Fence;
import jakarta.persistence.Embedded;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Version;

/** A test entity that embeds its {@link Fence} instead of extending FencedRecord. */
@Entity
public class Memo {

    @Id
    private String id;
    @Version
    private long version;
    @Embedded
    private Fence fence = new Fence();

    protected Memo() {
    }

    Memo(String id) {
        this.id = id;
    }

    Fence fence() {
        return fence;
    }
}
