package dev.kickout.internal.audit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class AuditTableTest {

    @Test
    void theShippedDdlIsTheOneTheModuleRuns() throws IOException {
        assertEquals(Files.readString(Path.of("server-config/sql/kickout-audit.sql")), AuditTable.load());
    }

    @Test
    void ddlSplitsIntoTableAndIndexes() {
        assertEquals(4, AuditTable.statements().size());
        assertTrue(AuditTable.statements().get(0).startsWith("CREATE TABLE " + AuditTable.NAME + " ("));
    }
}
