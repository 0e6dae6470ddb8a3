package dev.kickout.internal.audit;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.transaction.Transactional;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import javax.sql.DataSource;

/**
 * The sink's table, {@code kickout_audit}, created when absent from {@code kickout-audit.sql}
 * (the same file DBAs find in {@code server-config/sql/}).
 */
@ApplicationScoped
class AuditTable {

    static final String NAME = "kickout_audit";
    static final String DDL_RESOURCE = "kickout-audit.sql";

    /**
     * Outside any transaction: several databases commit DDL implicitly, which a JTA
     * transaction would not allow.
     */
    @Transactional(Transactional.TxType.NOT_SUPPORTED)
    void ensure(DataSource dataSource) throws SQLException {
        try (Connection connection = dataSource.getConnection()) {
            if (exists(connection)) {
                return;
            }
            try (Statement statement = connection.createStatement()) {
                for (String ddl : statements()) {
                    statement.execute(ddl);
                }
            } catch (SQLException e) {
                if (!exists(connection)) { // else another instance created it meanwhile
                    throw e;
                }
            }
        }
    }

    /** The DDL statements, comments left out. */
    static List<String> statements() {
        String script = Arrays.stream(load().split("\n")).filter(line -> !line.trim().startsWith("--"))
                .collect(Collectors.joining("\n"));
        return Arrays.stream(script.split(";")).map(String::trim).filter(s -> !s.isEmpty()).toList();
    }

    static String load() {
        try (InputStream in = AuditTable.class.getResourceAsStream(DDL_RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("Missing dev/kickout/internal/audit/" + DDL_RESOURCE);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static boolean exists(Connection connection) {
        try (Statement statement = connection.createStatement()) {
            statement.executeQuery("SELECT 1 FROM " + NAME + " WHERE 1 = 0").close();
            return true;
        } catch (SQLException e) {
            return false; // the portable test: no metadata case rules to guess
        }
    }
}
