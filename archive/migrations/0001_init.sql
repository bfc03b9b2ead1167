-- hansard archive schema, version 1. Times are Unix milliseconds UTC (NULL
-- when unknown). Text columns hold redacted text when redaction is on.

CREATE TABLE meta (
    key   TEXT PRIMARY KEY,
    value TEXT NOT NULL
) WITHOUT ROWID;

-- One transcript file on disk, with what is needed to read only what was
-- appended since the last refresh.
CREATE TABLE sources (
    id             INTEGER PRIMARY KEY,
    provider       TEXT NOT NULL,
    path           TEXT NOT NULL,
    class          TEXT NOT NULL DEFAULT '',
    size           INTEGER NOT NULL DEFAULT 0,  -- size at the last read (-1: compare by head only)
    mtime_ns       INTEGER NOT NULL DEFAULT 0,
    head_len       INTEGER NOT NULL DEFAULT 0,  -- bytes covered by head_hash (<= 4096)
    head_hash      BLOB,                        -- SHA-256 of the first head_len bytes
    offset         INTEGER NOT NULL DEFAULT 0,  -- checkpoint: after the last complete line
    lines          INTEGER NOT NULL DEFAULT 0,
    next_index     INTEGER NOT NULL DEFAULT 0,
    state          BLOB,                        -- provider-private checkpoint state
    retained_raw   INTEGER NOT NULL DEFAULT 0,  -- original bytes held by the retained copy
    retained_size  INTEGER NOT NULL DEFAULT 0,  -- committed length of the retained .gz file
    deleted        INTEGER NOT NULL DEFAULT 0,  -- the original file is gone
    reparse        INTEGER NOT NULL DEFAULT 0,  -- re-parse from the retained copy (rebuild)
    last_error     TEXT NOT NULL DEFAULT '',
    UNIQUE (provider, path)
);

-- Lines of a source that could not be used, keyed so that re-reading the
-- same bytes after an interruption does not count them twice.
CREATE TABLE problems (
    source_id INTEGER NOT NULL REFERENCES sources (id) ON DELETE CASCADE,
    line      INTEGER NOT NULL,
    kind      TEXT NOT NULL,
    detail    TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (source_id, line, kind)
) WITHOUT ROWID;

-- Folders that could not be read during discovery (last refresh only).
CREATE TABLE scan_errors (
    path  TEXT PRIMARY KEY,
    error TEXT NOT NULL
) WITHOUT ROWID;

CREATE TABLE repos (
    root          TEXT PRIMARY KEY,          -- main repository root on this machine
    remote_url    TEXT NOT NULL DEFAULT '',  -- local git remote
    recorded_urls TEXT NOT NULL DEFAULT '[]' -- JSON: repository URLs the agents recorded
) WITHOUT ROWID;

CREATE TABLE sessions (
    pk                  INTEGER PRIMARY KEY,
    id                  TEXT NOT NULL UNIQUE,
    provider            TEXT NOT NULL,
    source_id           INTEGER REFERENCES sources (id) ON DELETE SET NULL,
    class               TEXT NOT NULL DEFAULT '',
    cwd                 TEXT NOT NULL DEFAULT '',  -- as recorded
    repo_root           TEXT NOT NULL DEFAULT '',  -- after path maps; '' = no repository
    repo_cwd            TEXT NOT NULL DEFAULT '',  -- cwd relative to repo_root
    branches            TEXT NOT NULL DEFAULT '[]',
    models              TEXT NOT NULL DEFAULT '[]',
    started_at          INTEGER,
    ended_at            INTEGER,
    title               TEXT NOT NULL DEFAULT '',
    title_from_agent    INTEGER NOT NULL DEFAULT 0,
    version             TEXT NOT NULL DEFAULT '',
    parent_id           TEXT NOT NULL DEFAULT '',
    relation            TEXT NOT NULL DEFAULT '',
    parent_tool_call_id TEXT NOT NULL DEFAULT '',
    link_evidence       TEXT NOT NULL DEFAULT '',
    git_commit          TEXT NOT NULL DEFAULT '',
    git_repo_url        TEXT NOT NULL DEFAULT '',
    originator          TEXT NOT NULL DEFAULT '',
    source_deleted      INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX sessions_source ON sessions (source_id);
CREATE INDEX sessions_repo ON sessions (repo_root, started_at);

-- Links between sessions, merged from both sides (a parent naming its
-- subagent, the subagent naming its parent): a known call id is never lost
-- and the evidence of every side is kept.
CREATE TABLE session_links (
    session_id          TEXT NOT NULL,
    parent_id           TEXT NOT NULL,
    relation            TEXT NOT NULL,
    parent_tool_call_id TEXT NOT NULL DEFAULT '',
    evidence            TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (session_id, parent_id, relation)
) WITHOUT ROWID;
CREATE INDEX session_links_parent ON session_links (parent_id);

CREATE TABLE messages (
    id             INTEGER PRIMARY KEY,
    session        INTEGER NOT NULL REFERENCES sessions (pk) ON DELETE CASCADE,
    idx            INTEGER NOT NULL,
    role           TEXT NOT NULL,
    human          INTEGER NOT NULL DEFAULT 0,
    kind           TEXT NOT NULL DEFAULT '',
    text           TEXT NOT NULL DEFAULT '',
    ts             INTEGER,
    uuid           TEXT NOT NULL DEFAULT '',
    parent_uuid    TEXT NOT NULL DEFAULT '',
    on_main_branch INTEGER NOT NULL DEFAULT 1,
    line           INTEGER NOT NULL DEFAULT 0,
    model          TEXT NOT NULL DEFAULT '',
    UNIQUE (session, idx)
);

CREATE TABLE tool_calls (
    id          INTEGER PRIMARY KEY,
    session     INTEGER NOT NULL REFERENCES sessions (pk) ON DELETE CASCADE,
    call_id     TEXT NOT NULL,
    message_idx INTEGER NOT NULL,
    name        TEXT NOT NULL DEFAULT '',
    input       TEXT NOT NULL DEFAULT '',  -- JSON
    result      TEXT NOT NULL DEFAULT '',
    has_result  INTEGER NOT NULL DEFAULT 0,
    is_error    INTEGER NOT NULL DEFAULT 0,
    exit_code   INTEGER,
    result_line INTEGER NOT NULL DEFAULT 0,
    ts          INTEGER,
    UNIQUE (session, call_id)
);
CREATE INDEX tool_calls_message ON tool_calls (session, message_idx);

CREATE TABLE edits (
    id           INTEGER PRIMARY KEY,
    session      INTEGER NOT NULL REFERENCES sessions (pk) ON DELETE CASCADE,
    call_id      TEXT NOT NULL,
    seq          INTEGER NOT NULL,
    message_idx  INTEGER NOT NULL,
    tool         TEXT NOT NULL DEFAULT '',
    file         TEXT NOT NULL DEFAULT '',  -- as recorded
    move_to      TEXT NOT NULL DEFAULT '',  -- as recorded
    cwd          TEXT NOT NULL DEFAULT '',
    repo_root    TEXT NOT NULL DEFAULT '',  -- after path maps; '' = no repository
    path         TEXT NOT NULL DEFAULT '',  -- relative to repo_root (mapped absolute path when no repository)
    move_to_path TEXT NOT NULL DEFAULT '',
    op           TEXT NOT NULL DEFAULT '',
    old_text     TEXT NOT NULL DEFAULT '',
    new_text     TEXT NOT NULL DEFAULT '',
    patch        TEXT NOT NULL DEFAULT '',
    hunks        TEXT NOT NULL DEFAULT '',  -- JSON []transcripts.Hunk, '' when none
    replace_all  INTEGER NOT NULL DEFAULT 0,
    status       TEXT NOT NULL DEFAULT '',
    ts           INTEGER,
    UNIQUE (session, call_id, seq)
);
CREATE INDEX edits_repo_path ON edits (repo_root, path);

CREATE TABLE commands (
    id          INTEGER PRIMARY KEY,
    session     INTEGER NOT NULL REFERENCES sessions (pk) ON DELETE CASCADE,
    call_id     TEXT NOT NULL,
    message_idx INTEGER NOT NULL,
    command     TEXT NOT NULL DEFAULT '',
    cwd         TEXT NOT NULL DEFAULT '',
    exit_code   INTEGER,
    is_test     INTEGER NOT NULL DEFAULT 0,
    test_status TEXT NOT NULL DEFAULT '',
    ts          INTEGER,
    UNIQUE (session, call_id)
);

CREATE TABLE todos (
    session     INTEGER NOT NULL REFERENCES sessions (pk) ON DELETE CASCADE,
    call_id     TEXT NOT NULL,
    seq         INTEGER NOT NULL,
    message_idx INTEGER NOT NULL,
    item_id     TEXT NOT NULL DEFAULT '',
    text        TEXT NOT NULL DEFAULT '',
    status      TEXT NOT NULL DEFAULT '',
    ts          INTEGER,
    PRIMARY KEY (session, call_id, seq)
) WITHOUT ROWID;

-- Full-text indexes: external content over messages.text and
-- tool_calls.result. No stemming; '_' is part of a token so identifiers stay
-- whole. The archive's writer adds rows to them in bursts just before each
-- commit (an insert trigger would make FTS5 flush its in-memory index at
-- every statement); the delete triggers keep them in sync on delete,
-- including cascaded deletes. hashsize lets a burst stay in memory.
CREATE VIRTUAL TABLE messages_fts USING fts5 (
    text, content = 'messages', content_rowid = 'id',
    tokenize = "unicode61 tokenchars '_'"
);
INSERT INTO messages_fts (messages_fts, rank) VALUES ('hashsize', 16777216);
CREATE TRIGGER messages_fts_ad AFTER DELETE ON messages BEGIN
    INSERT INTO messages_fts (messages_fts, rowid, text) VALUES ('delete', old.id, old.text);
END;

CREATE VIRTUAL TABLE results_fts USING fts5 (
    result, content = 'tool_calls', content_rowid = 'id',
    tokenize = "unicode61 tokenchars '_'"
);
INSERT INTO results_fts (results_fts, rank) VALUES ('hashsize', 16777216);
CREATE TRIGGER results_fts_ad AFTER DELETE ON tool_calls BEGIN
    INSERT INTO results_fts (results_fts, rowid, result) VALUES ('delete', old.id, old.result);
END;
