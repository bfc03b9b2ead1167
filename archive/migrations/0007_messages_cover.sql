-- A text search joins every match of messages_fts to its message for the
-- session, index and role: this index answers that without reading the
-- message rows (whose text fills their pages).
CREATE INDEX messages_cover ON messages (id, session, idx, role);
