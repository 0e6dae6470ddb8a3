package dev.kickout.internal.audit;

import dev.kickout.Actor;
import dev.kickout.internal.Json;
import dev.kickout.internal.LogId;
import dev.kickout.internal.LogText;
import dev.kickout.internal.config.KickoutConfig;
import dev.kickout.internal.redis.RedisKeys;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Transactional;
import java.lang.reflect.Type;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.logging.Logger;
import javax.naming.InitialContext;
import javax.naming.NamingException;
import javax.sql.DataSource;

/**
 * The optional durable copy of the audit trail: a JDBC table in the DataSource named by
 * {@code kickout.audit.datasource} (looked up by JNDI, so the module needs no DataSource when
 * the setting is empty). Rows carry the deployment's key prefix; reading honours every filter.
 */
@ApplicationScoped
class AuditSink {

    private static final Logger LOG = Logger.getLogger("dev.kickout.audit");
    private static final Type DETAILS = new HashMap<String, String>() { }.getClass().getGenericSuperclass();
    private static final String INSERT = "INSERT INTO " + AuditTable.NAME + " (key_prefix, id, id_ms, id_seq, at_ms,"
            + " action, actor_user_id, actor_session_id, actor_ip, target, reason, outcome, details)"
            + " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
    private static final String SELECT = "SELECT id, at_ms, action, actor_user_id, actor_session_id, actor_ip,"
            + " target, reason, outcome, details FROM " + AuditTable.NAME + " WHERE key_prefix = ?"
            + " AND (id_ms < ? OR (id_ms = ? AND id_seq <= ?)) AND (id_ms > ? OR (id_ms = ? AND id_seq >= ?))";

    @Inject
    KickoutConfig config;
    @Inject
    RedisKeys keys;
    @Inject
    AuditTable table;
    @Inject
    Json json;

    private volatile DataSource dataSource;
    private volatile boolean tableReady;

    boolean enabled() {
        return !config.audit().dataSource().isEmpty();
    }

    /** Looks the DataSource up (an unknown name fails the deployment) and creates the table if absent. */
    void start() {
        String name = config.audit().dataSource();
        try {
            dataSource = (DataSource) new InitialContext().lookup(name);
        } catch (NamingException | ClassCastException e) {
            throw new IllegalStateException("kickout.audit.datasource=" + name + " names no DataSource in JNDI;"
                    + " set it to a DataSource's JNDI name (e.g. java:comp/DefaultDataSource) or leave it empty", e);
        }
        try {
            ready();
        } catch (SQLException e) {
            LOG.warning(() -> LogId.AUDIT_TABLE_NOT_CREATED.message("audit sink: cannot create table " + AuditTable.NAME
                    + " yet (" + LogText.escape(e) + "); retrying on the next entry"));
        }
    }

    /** In a transaction of its own: the caller's (if any) neither carries nor loses the row. */
    @Transactional(Transactional.TxType.REQUIRES_NEW)
    void write(AuditEntry entry) {
        AuditId id = AuditId.parse(entry.id());
        try (Connection connection = ready().getConnection();
             PreparedStatement insert = connection.prepareStatement(INSERT)) {
            Actor actor = entry.actor();
            insert.setString(1, keys.prefix());
            insert.setString(2, entry.id());
            insert.setLong(3, id.millis());
            insert.setLong(4, id.sequence());
            insert.setLong(5, entry.at().toEpochMilli());
            insert.setString(6, entry.action());
            insert.setString(7, clip(actor.userId(), 256));
            insert.setString(8, clip(actor.sessionId(), 128));
            insert.setString(9, clip(actor.ip(), 64));
            insert.setString(10, clip(entry.target(), AuditQuery.MAX_TARGET));
            insert.setString(11, clip(entry.reason(), 1000));
            insert.setString(12, entry.outcome());
            insert.setString(13, clip(json.write(entry.details()), 4000));
            insert.executeUpdate();
        } catch (SQLException e) {
            throw new AuditSinkException("cannot write audit entry " + entry.id(), e);
        }
    }

    /** A page newest first; the database's indexes do the filtering, so no scan budget applies. */
    @Transactional(Transactional.TxType.NOT_SUPPORTED)
    AuditPage read(AuditQuery query) {
        AuditId upper = query.upper();
        AuditId lower = query.lower(0);
        if (upper == null || upper.compareTo(lower) < 0) {
            return new AuditPage(List.of(), null);
        }
        StringBuilder sql = new StringBuilder(SELECT);
        List<Object> params = new ArrayList<>(List.of(keys.prefix(), upper.millis(), upper.millis(),
                upper.sequence(), lower.millis(), lower.millis(), lower.sequence()));
        condition(sql, params, "actor_user_id", query.actor());
        condition(sql, params, "target", query.target());
        condition(sql, params, "action", query.action());
        sql.append(" ORDER BY id_ms DESC, id_seq DESC");
        try (Connection connection = ready().getConnection();
             PreparedStatement select = connection.prepareStatement(sql.toString())) {
            for (int i = 0; i < params.size(); i++) {
                select.setObject(i + 1, params.get(i));
            }
            select.setMaxRows(query.limit());
            List<AuditEntry> items = new ArrayList<>();
            try (ResultSet rows = select.executeQuery()) {
                while (rows.next()) {
                    items.add(entry(rows));
                }
            }
            return new AuditPage(items, null);
        } catch (SQLException e) {
            throw new AuditSinkException("cannot read the audit table", e);
        }
    }

    private DataSource ready() throws SQLException {
        if (!tableReady) {
            table.ensure(dataSource);
            tableReady = true;
        }
        return dataSource;
    }

    private AuditEntry entry(ResultSet row) throws SQLException {
        String details = row.getString("details");
        Map<String, String> map = details == null ? Map.of() : json.read(details, DETAILS);
        return new AuditEntry(row.getString("id"), Instant.ofEpochMilli(row.getLong("at_ms")), row.getString("action"),
                new Actor(row.getString("actor_user_id"), row.getString("actor_session_id"), row.getString("actor_ip")),
                row.getString("target"), row.getString("reason"), row.getString("outcome"), map);
    }

    private static void condition(StringBuilder sql, List<Object> params, String column, String value) {
        if (value != null) {
            sql.append(" AND ").append(column).append(" = ?");
            params.add(value);
        }
    }

    private static String clip(String value, int max) {
        return value == null || value.length() <= max ? value : value.substring(0, max);
    }
}
