-- The orders table on Oracle. Kickout's only column is LASTFENCE (FencedRecord's lastFence): the fence of the
-- last save made under the order's edit lock; VERSION is the JPA @Version. NUMBER(19) holds a Java long.
CREATE TABLE ORDERS (
    ID        VARCHAR2(32 CHAR)   NOT NULL PRIMARY KEY,
    CUSTOMER  VARCHAR2(200 CHAR)  NOT NULL,
    AMOUNT    NUMBER(12, 2)       NOT NULL,
    NOTE      VARCHAR2(2000 CHAR),
    VERSION   NUMBER(19)          DEFAULT 0 NOT NULL,
    LASTFENCE NUMBER(19)          DEFAULT 0 NOT NULL
);

-- An existing table gets the fence (and a version column if it has none) without touching its rows:
-- ALTER TABLE ORDERS ADD (LASTFENCE NUMBER(19) DEFAULT 0 NOT NULL);
-- ALTER TABLE ORDERS ADD (VERSION NUMBER(19) DEFAULT 0 NOT NULL);
