-- The orders table on PostgreSQL. Kickout's only column is lastfence (FencedRecord's lastFence): the fence of
-- the last save made under the order's edit lock; version is the JPA @Version.
CREATE TABLE orders (
    id        VARCHAR(32)    NOT NULL PRIMARY KEY,
    customer  VARCHAR(200)   NOT NULL,
    amount    NUMERIC(12, 2) NOT NULL,
    note      VARCHAR(2000),
    version   BIGINT         NOT NULL DEFAULT 0,
    lastfence BIGINT         NOT NULL DEFAULT 0
);

-- An existing table gets the fence (and a version column if it has none) without touching its rows:
-- ALTER TABLE orders ADD COLUMN lastfence BIGINT NOT NULL DEFAULT 0;
-- ALTER TABLE orders ADD COLUMN version BIGINT NOT NULL DEFAULT 0;
