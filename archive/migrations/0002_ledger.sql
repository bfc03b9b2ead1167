-- hansard archive schema, version 2: the edit ledger and the caches of
-- attribution. The ledger is derived from the edits table; it is kept up to
-- date incrementally (the triggers below note which files' edits changed)
-- and rebuilt whole when the rules that compute it change (meta
-- ledger_version).

-- One successful edit as evidence: where its lines landed (the destination
-- of a move) and who made it. The edit is named by (session_id, call_id,
-- seq), which stays the same when its session is re-read.
CREATE TABLE ledger_entries (
    id          INTEGER PRIMARY KEY,
    session_id  TEXT NOT NULL,
    call_id     TEXT NOT NULL,
    seq         INTEGER NOT NULL,
    repo_root   TEXT NOT NULL,
    path        TEXT NOT NULL,  -- repo-relative
    provider    TEXT NOT NULL DEFAULT '',
    message_idx INTEGER NOT NULL,
    tool        TEXT NOT NULL DEFAULT '',
    ts          INTEGER,
    replace_all INTEGER NOT NULL DEFAULT 0,
    version     INTEGER NOT NULL,  -- ledger version it was computed with
    UNIQUE (session_id, call_id, seq)
);
CREATE INDEX ledger_entries_path ON ledger_entries (repo_root, path);

-- The lines an entry introduced, in order. key_hash indexes the
-- whitespace-normalized text; common (trivial) lines are kept as positional
-- evidence but never looked up.
CREATE TABLE ledger_lines (
    entry    INTEGER NOT NULL REFERENCES ledger_entries (id) ON DELETE CASCADE,
    n        INTEGER NOT NULL,  -- order within the entry
    pos      INTEGER NOT NULL,  -- position in the edit's new text
    text     TEXT NOT NULL,
    key_hash INTEGER NOT NULL,
    trivial  INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (entry, n)
) WITHOUT ROWID;
CREATE INDEX ledger_lines_key ON ledger_lines (key_hash, entry) WHERE trivial = 0;

-- Files whose edits changed since the ledger last looked: every insert,
-- update or delete of an edit (cascaded deletes included) notes the paths
-- it touches. The ledger update replays those files and removes the rows it
-- handled (up to the largest seq it read).
CREATE TABLE ledger_dirty (
    seq       INTEGER PRIMARY KEY,
    repo_root TEXT NOT NULL,
    path      TEXT NOT NULL
);
CREATE TRIGGER ledger_dirty_ai AFTER INSERT ON edits WHEN new.repo_root <> '' BEGIN
    INSERT INTO ledger_dirty (repo_root, path) VALUES (new.repo_root, new.path);
    INSERT INTO ledger_dirty (repo_root, path) SELECT new.repo_root, new.move_to_path WHERE new.move_to_path <> '';
END;
CREATE TRIGGER ledger_dirty_au AFTER UPDATE ON edits BEGIN
    INSERT INTO ledger_dirty (repo_root, path) SELECT old.repo_root, old.path WHERE old.repo_root <> '';
    INSERT INTO ledger_dirty (repo_root, path) SELECT old.repo_root, old.move_to_path WHERE old.repo_root <> '' AND old.move_to_path <> '';
    INSERT INTO ledger_dirty (repo_root, path) SELECT new.repo_root, new.path WHERE new.repo_root <> '' AND (new.repo_root <> old.repo_root OR new.path <> old.path);
    INSERT INTO ledger_dirty (repo_root, path) SELECT new.repo_root, new.move_to_path WHERE new.repo_root <> '' AND new.move_to_path <> '' AND (new.repo_root <> old.repo_root OR new.move_to_path <> old.move_to_path);
END;
CREATE TRIGGER ledger_dirty_ad AFTER DELETE ON edits WHEN old.repo_root <> '' BEGIN
    INSERT INTO ledger_dirty (repo_root, path) VALUES (old.repo_root, old.path);
    INSERT INTO ledger_dirty (repo_root, path) SELECT old.repo_root, old.move_to_path WHERE old.move_to_path <> '';
END;

-- Edits archived before the ledger existed: every file is to be replayed.
INSERT INTO ledger_dirty (repo_root, path)
    SELECT DISTINCT repo_root, path FROM edits WHERE repo_root <> ''
    UNION SELECT DISTINCT repo_root, move_to_path FROM edits WHERE repo_root <> '' AND move_to_path <> '';

-- A counter per repository that moves whenever its ledger entries change:
-- cached answers are kept per generation.
CREATE TABLE ledger_repos (
    repo_root  TEXT PRIMARY KEY,
    generation INTEGER NOT NULL DEFAULT 0
) WITHOUT ROWID;

-- Expensive results kept for repeated questions: blames of a file (kind
-- 'blame') and a file's answers (kind 'matches'), encoded by the caller.
-- Answers of a repository are dropped when its generation moves.
CREATE TABLE attribution_cache (
    kind      TEXT NOT NULL,
    repo_root TEXT NOT NULL,
    path      TEXT NOT NULL,
    key       TEXT NOT NULL,
    data      BLOB NOT NULL,
    used_at   INTEGER NOT NULL,
    PRIMARY KEY (kind, repo_root, path, key)
) WITHOUT ROWID;
