-- A private table's match is kept in its players' records with no table: the record says
-- which results were of one (Social.record). Results kept before this version were public.
ALTER TABLE results ADD COLUMN private BOOLEAN NOT NULL DEFAULT FALSE;
