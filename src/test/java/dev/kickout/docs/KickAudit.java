// docs/reference/events.md shows this observer.
package dev.kickout.docs;

import dev.kickout.event.SessionRevoked;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;

@ApplicationScoped
public class KickAudit {
    @Inject LegacyAuditTable legacyAuditTable;

    void onKick(@Observes SessionRevoked revoked) {
        // delivered at least once: a second delivery carries the same deliveryId
        legacyAuditTable.insertOnce(revoked.deliveryId(), revoked.session().userId(), revoked.revocation().code());
    }
}
