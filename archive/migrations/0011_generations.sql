-- hansard archive schema, version 11: archived text is never replaced by
-- a later state of a file.
--
-- tail_len and tail_hash fingerprint the retained copy's last bytes (the
-- SHA-256 of the tail_len <= 4096 bytes before retained_raw), checked
-- before a file is read on from its checkpoint: a file rewritten in place
-- behind an unchanged head is noticed.
--
-- A file that was rewritten, or shrank to what is not a prefix of what was
-- read of it, starts a new generation: the row of
-- the earlier one is kept with its sessions, its retained copy and its
-- problems, as a source that is gone (deleted), with retired set and its
-- path "<path>#<generation>"; a new row holds the file from then on, with
-- the next generation number (the first is 1).
ALTER TABLE sources ADD COLUMN tail_len INTEGER NOT NULL DEFAULT 0;
ALTER TABLE sources ADD COLUMN tail_hash BLOB;
ALTER TABLE sources ADD COLUMN generation INTEGER NOT NULL DEFAULT 1;
ALTER TABLE sources ADD COLUMN retired INTEGER NOT NULL DEFAULT 0;

-- session_names: the stored id of every session id a source wrote. An id
-- belongs to the first source that wrote it; another source naming the
-- same id (a copy of the file, an export, a later generation of the same
-- path) writes its records to its own session "<id>~<n>". Names are never
-- dropped, not even when a source's rows are re-read, so the same records
-- land in the same session whatever order files are read in.
CREATE TABLE session_names (
    source_id  INTEGER NOT NULL REFERENCES sources (id) ON DELETE CASCADE,
    session_id TEXT NOT NULL,  -- as the provider named it
    stored_id  TEXT NOT NULL UNIQUE,
    PRIMARY KEY (source_id, session_id)
) WITHOUT ROWID;
INSERT OR IGNORE INTO session_names (source_id, session_id, stored_id)
    SELECT source_id, id, id FROM sessions WHERE source_id IS NOT NULL;
