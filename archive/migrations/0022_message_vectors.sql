-- hansard archive schema, version 22: passage vectors for meaning search.
-- vector_model names the embedding model (and its dimensions) the stored
-- vectors come from; a new model empties message_vectors and queues every
-- message again (generation counts those rebuilds; built is set once the
-- queue was emptied). vector_queue holds the messages whose vectors are
-- missing or out of date: every message but tool output is queued when it
-- is written or its text changes (a new seq each time, so that vectors
-- computed from an older text are not stored; AUTOINCREMENT: never a seq
-- used before). message_vectors holds one int8 vector per passage of a
-- message (start: its byte offset in the message's text without
-- boilerplate), with its scale.
CREATE TABLE vector_model (
    id         INTEGER PRIMARY KEY CHECK (id = 1),
    model      TEXT NOT NULL,
    dims       INTEGER NOT NULL,
    generation INTEGER NOT NULL DEFAULT 0,
    built      INTEGER NOT NULL DEFAULT 0
);

CREATE TABLE vector_queue (
    seq        INTEGER PRIMARY KEY AUTOINCREMENT,
    message_id INTEGER NOT NULL UNIQUE REFERENCES messages (id) ON DELETE CASCADE
);
INSERT INTO vector_queue (message_id) SELECT id FROM messages WHERE role <> 'tool' ORDER BY id;
CREATE TRIGGER vector_queue_ai AFTER INSERT ON messages WHEN new.role <> 'tool' BEGIN
    INSERT OR REPLACE INTO vector_queue (message_id) VALUES (new.id);
END;
CREATE TRIGGER vector_queue_au AFTER UPDATE OF role, text ON messages
    WHEN (new.text IS NOT old.text OR new.role IS NOT old.role) AND (new.role <> 'tool' OR old.role <> 'tool') BEGIN
    INSERT OR REPLACE INTO vector_queue (message_id) VALUES (new.id);
END;

CREATE TABLE message_vectors (
    id         INTEGER PRIMARY KEY,
    message_id INTEGER NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
    passage    INTEGER NOT NULL,
    start      INTEGER NOT NULL,
    scale      REAL NOT NULL,
    vec        BLOB NOT NULL,
    UNIQUE (message_id, passage)
);
