package dev.kickout.docs;

import jakarta.persistence.MappedSuperclass;
import java.time.Instant;

/** A host's own superclass of its entities, which is why {@link Contract} embeds its fence. */
@MappedSuperclass
public abstract class AuditedEntity {
    Instant changedAt;
    String changedBy;
}
