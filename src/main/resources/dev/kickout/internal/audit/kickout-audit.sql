-- Kickout's durable audit sink (kickout.audit.datasource). The module creates this table itself
-- when it is absent; DBAs who prefer to create it beforehand run this script (portable SQL).
-- One row per audit entry; key_prefix is the deployment's kickout.key-prefix, id the entry id
-- (<millis>-<sequence>, as in Redis), at_ms the time written (epoch milliseconds, UTC).
CREATE TABLE kickout_audit (
    key_prefix       VARCHAR(128)  NOT NULL,
    id               VARCHAR(40)   NOT NULL,
    id_ms            BIGINT        NOT NULL,
    id_seq           BIGINT        NOT NULL,
    at_ms            BIGINT        NOT NULL,
    action           VARCHAR(40)   NOT NULL,
    actor_user_id    VARCHAR(256),
    actor_session_id VARCHAR(128),
    actor_ip         VARCHAR(64),
    target           VARCHAR(512)  NOT NULL,
    reason           VARCHAR(1000),
    outcome          VARCHAR(16)   NOT NULL,
    details          VARCHAR(4000),
    PRIMARY KEY (key_prefix, id_ms, id_seq)
);
CREATE INDEX kickout_audit_actor ON kickout_audit (key_prefix, actor_user_id, id_ms);
CREATE INDEX kickout_audit_target ON kickout_audit (key_prefix, target, id_ms);
CREATE INDEX kickout_audit_action ON kickout_audit (key_prefix, action, id_ms);
