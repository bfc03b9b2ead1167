-- hansard archive schema, version 21: the agents' memory files (CLAUDE.md,
-- AGENTS.md, GEMINI.md, rules, auto-memory). memory_files holds one row
-- per file with what the last refresh saw of it (size, stamp and hash of
-- its bytes: a file whose size and stamp did not move is not read again);
-- memory_versions every content it had, redacted, the newest being the
-- current one; memory_chunks the sections of the current version, with
-- their lines, indexed in memory_fts. Deleted rows of the index leave no
-- trace of their words (secure-delete).
CREATE TABLE memory_files (
    id         INTEGER PRIMARY KEY,
    path       TEXT NOT NULL UNIQUE,
    provider   TEXT NOT NULL,
    kind       TEXT NOT NULL,
    scope      TEXT NOT NULL,
    repo_root  TEXT NOT NULL DEFAULT '',
    size       INTEGER NOT NULL DEFAULT -1,
    stamp      INTEGER NOT NULL DEFAULT 0,
    sha256     TEXT NOT NULL DEFAULT '',
    gone       INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX memory_files_repo ON memory_files (repo_root);

CREATE TABLE memory_versions (
    id         INTEGER PRIMARY KEY,
    file_id    INTEGER NOT NULL REFERENCES memory_files (id) ON DELETE CASCADE,
    version    INTEGER NOT NULL,
    sha256     TEXT NOT NULL,
    redaction  TEXT NOT NULL,
    title      TEXT NOT NULL DEFAULT '',
    content    TEXT NOT NULL,
    seen_at    INTEGER NOT NULL,
    UNIQUE (file_id, version)
);

CREATE TABLE memory_chunks (
    id         INTEGER PRIMARY KEY,
    file_id    INTEGER NOT NULL REFERENCES memory_files (id) ON DELETE CASCADE,
    line_start INTEGER NOT NULL,
    line_end   INTEGER NOT NULL,
    heading    TEXT NOT NULL DEFAULT '',
    text       TEXT NOT NULL
);
CREATE INDEX memory_chunks_file ON memory_chunks (file_id);

CREATE VIRTUAL TABLE memory_fts USING fts5 (
    heading, text, content = 'memory_chunks', content_rowid = 'id',
    tokenize = "unicode61 tokenchars '_'"
);
INSERT INTO memory_fts (memory_fts, rank) VALUES ('secure-delete', 1);
CREATE TRIGGER memory_chunks_ai AFTER INSERT ON memory_chunks BEGIN
    INSERT INTO memory_fts (rowid, heading, text) VALUES (new.id, new.heading, new.text);
END;
CREATE TRIGGER memory_chunks_ad AFTER DELETE ON memory_chunks BEGIN
    INSERT INTO memory_fts (memory_fts, rowid, heading, text) VALUES ('delete', old.id, old.heading, old.text);
END;
