-- hansard archive schema, version 11: subagent deliveries that agents
-- captured (capture_subagent_messages).
--
-- A capture is agent-reported evidence, not an independent observation of
-- the delivery: reported_by names who reported it ('agent'). It holds the
-- SHA-256 (hex) and the length in characters of the delivery's text, never
-- the text: the agent's transcript keeps that. capture_id is the
-- deterministic id of (session_id, type, sender, recipient, digest), so a
-- capture recorded by the MCP server when the agent called it and the same
-- call read back from the transcript are one row. server_at is when the
-- server recorded it (Unix milliseconds; NULL when it is known only from
-- the transcript); call_id and message_idx name the call in the transcript
-- once it is indexed. The table is not tied to sessions: a capture is
-- recorded before its session is indexed, and re-reading a transcript
-- leaves it in place.
CREATE TABLE IF NOT EXISTS subagent_captures (
    capture_id  TEXT PRIMARY KEY,
    session_id  TEXT NOT NULL,
    provider    TEXT NOT NULL,
    type        TEXT NOT NULL,
    sender      TEXT NOT NULL,
    recipient   TEXT NOT NULL,
    digest      TEXT NOT NULL,
    chars       INTEGER NOT NULL,
    captured_at INTEGER NOT NULL,
    reported_by TEXT NOT NULL,
    server_at   INTEGER,
    call_id     TEXT NOT NULL DEFAULT '',
    message_idx INTEGER,
    note        TEXT NOT NULL DEFAULT '',
    UNIQUE (session_id, type, sender, recipient, digest)
);
