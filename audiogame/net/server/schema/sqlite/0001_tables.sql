-- The schema as it was before versions (commit 083f57b): a database made then has all of it.
CREATE TABLE IF NOT EXISTS tables (id TEXT PRIMARY KEY, data TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS log (
    tbl TEXT NOT NULL, match INTEGER NOT NULL, n INTEGER NOT NULL,
    at REAL NOT NULL, seat INTEGER, action TEXT,
    PRIMARY KEY (tbl, match, n)
);
CREATE TABLE IF NOT EXISTS owners (tbl TEXT PRIMARY KEY, epoch INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS bots (
    tbl TEXT NOT NULL, match INTEGER NOT NULL, seat INTEGER NOT NULL, state TEXT NOT NULL,
    PRIMARY KEY (tbl, match, seat)
);
CREATE TABLE IF NOT EXISTS matches (
    tbl TEXT NOT NULL, match INTEGER NOT NULL, data TEXT NOT NULL,
    PRIMARY KEY (tbl, match)
);
CREATE TABLE IF NOT EXISTS players (
    id TEXT PRIMARY KEY, name TEXT NOT NULL, token_hash TEXT NOT NULL UNIQUE
);
CREATE TABLE IF NOT EXISTS accounts (
    id TEXT PRIMARY KEY, name TEXT NOT NULL, key TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL, created REAL NOT NULL, privacy TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS sessions (
    token_hash TEXT PRIMARY KEY, account TEXT NOT NULL, created REAL NOT NULL,
    expires REAL NOT NULL, revoked INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX IF NOT EXISTS sessions_account ON sessions (account);
CREATE TABLE IF NOT EXISTS relations (
    account TEXT NOT NULL, other TEXT NOT NULL, relation TEXT NOT NULL,
    PRIMARY KEY (account, other)
);
CREATE INDEX IF NOT EXISTS relations_other ON relations (other);
CREATE TABLE IF NOT EXISTS ratings (
    account TEXT NOT NULL, game TEXT NOT NULL, mu REAL NOT NULL, sigma REAL NOT NULL,
    matches INTEGER NOT NULL, PRIMARY KEY (account, game)
);
CREATE TABLE IF NOT EXISTS results (
    account TEXT NOT NULL, game TEXT NOT NULL, tbl TEXT NOT NULL, match INTEGER NOT NULL,
    finished REAL NOT NULL, seat INTEGER NOT NULL, rank INTEGER NOT NULL,
    players INTEGER NOT NULL, seed TEXT NOT NULL,
    mu_before REAL NOT NULL, sigma_before REAL NOT NULL,
    mu_after REAL NOT NULL, sigma_after REAL NOT NULL,
    PRIMARY KEY (account, tbl, match)
);
CREATE INDEX IF NOT EXISTS results_newest ON results (account, finished);
CREATE TABLE IF NOT EXISTS kept (
    tbl TEXT NOT NULL, at REAL NOT NULL, reason TEXT NOT NULL, what TEXT NOT NULL,
    data TEXT
);
