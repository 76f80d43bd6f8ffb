-- A guest's record says when it was made and when the guest was last seen (by any
-- server process): the forget rule reads it from the store, not from one process's memory.
-- Guests kept before this version are taken as seen now: each gets the full keep.
ALTER TABLE players ADD COLUMN made DOUBLE PRECISION NOT NULL DEFAULT 0;
ALTER TABLE players ADD COLUMN seen DOUBLE PRECISION NOT NULL DEFAULT 0;
UPDATE players SET made = extract(epoch FROM now()), seen = extract(epoch FROM now());
CREATE INDEX players_seen ON players (seen);
