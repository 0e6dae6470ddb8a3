package dev.kickout.docs;

/** The host's own audit table, which {@link KickAudit} writes to. */
public interface LegacyAuditTable {

    /** Adds a row, unless one with this delivery id is there already (null: an event delivered once). */
    void insertOnce(String deliveryId, String userId, String code);
}
