-- Keeping the room civil: roles an operator gives, moderators' sanctions (a mute or a
-- ban, for a time or for good; lifted early when a moderator says so), players' reports
-- with the public lines heard where they were written, and the audit log of every
-- moderator's action.
CREATE TABLE roles (
    account TEXT PRIMARY KEY, role TEXT NOT NULL, given_by TEXT NOT NULL, at REAL NOT NULL
);
CREATE TABLE sanctions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    player TEXT NOT NULL, address TEXT NOT NULL DEFAULT '', kind TEXT NOT NULL,
    reason TEXT NOT NULL, note TEXT NOT NULL, moderator TEXT NOT NULL,
    at REAL NOT NULL, until REAL, lifted REAL
);
CREATE INDEX sanctions_player ON sanctions (player);
CREATE INDEX sanctions_address ON sanctions (address);
CREATE TABLE reports (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    at REAL NOT NULL, reporter TEXT NOT NULL, reporter_name TEXT NOT NULL,
    reported TEXT NOT NULL, reported_name TEXT NOT NULL, reason TEXT NOT NULL,
    text TEXT NOT NULL, place TEXT NOT NULL, lines TEXT NOT NULL,
    settled REAL, settled_by TEXT NOT NULL DEFAULT '', settled_with TEXT NOT NULL DEFAULT ''
);
CREATE INDEX reports_open ON reports (settled, at);
CREATE TABLE audit (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    at REAL NOT NULL, moderator TEXT NOT NULL, moderator_name TEXT NOT NULL,
    action TEXT NOT NULL, target TEXT NOT NULL, target_name TEXT NOT NULL,
    reason TEXT NOT NULL, note TEXT NOT NULL, minutes INTEGER NOT NULL, report INTEGER NOT NULL
);
CREATE INDEX audit_newest ON audit (at);
