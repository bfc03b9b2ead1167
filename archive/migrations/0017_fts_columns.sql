-- hansard archive schema, version 17: messages_fts keeps a message's words
-- in the column of who wrote them (user; said: assistant and system
-- messages; tool: tool messages), so that a search ranks what people and
-- assistants said without ranking tool output, and the boilerplate a
-- harness injects (Claude Code's system reminders, Codex's permissions and
-- sandbox preamble, environment context, project instructions) in a
-- column of its own (boiler), which a search reads only when asked. The
-- functions hansard_said and hansard_boiler (core_ftstext.go) split a
-- text; the writer splits it alike. vocab holds the identifiers of the
-- indexed text (hansard_identifiers), vocab_fts their trigrams, so that a
-- search finds the longer identifiers holding its word. The index is
-- built again here, once.
DROP TRIGGER messages_fts_ad;
DROP TABLE messages_fts;

CREATE VIEW message_fts_texts AS SELECT id,
    CASE WHEN role = 'user' THEN hansard_said(text) ELSE '' END AS user,
    CASE WHEN role NOT IN ('user', 'tool') THEN hansard_said(text) ELSE '' END AS said,
    CASE WHEN role = 'tool' THEN hansard_said(text) ELSE '' END AS tool,
    hansard_boiler(text) AS boiler
FROM messages;

CREATE VIRTUAL TABLE messages_fts USING fts5 (
    user, said, tool, boiler, content = 'message_fts_texts', content_rowid = 'id',
    tokenize = "unicode61 tokenchars '_'"
);
INSERT INTO messages_fts (messages_fts, rank) VALUES ('hashsize', 16777216);
INSERT INTO messages_fts (messages_fts) VALUES ('rebuild');
CREATE TRIGGER messages_fts_ad AFTER DELETE ON messages BEGIN
    INSERT INTO messages_fts (messages_fts, rowid, user, said, tool, boiler) VALUES ('delete', old.id,
        CASE WHEN old.role = 'user' THEN hansard_said(old.text) ELSE '' END,
        CASE WHEN old.role NOT IN ('user', 'tool') THEN hansard_said(old.text) ELSE '' END,
        CASE WHEN old.role = 'tool' THEN hansard_said(old.text) ELSE '' END,
        hansard_boiler(old.text));
END;

CREATE TABLE vocab (term TEXT NOT NULL PRIMARY KEY);
INSERT OR IGNORE INTO vocab (term)
    SELECT j.value FROM messages m, json_each(hansard_identifiers(m.text)) j
    UNION SELECT j.value FROM result_texts r, json_each(hansard_identifiers(r.result)) j;
CREATE VIRTUAL TABLE vocab_fts USING fts5 (
    term, content = 'vocab', content_rowid = 'rowid', tokenize = 'trigram'
);
INSERT INTO vocab_fts (vocab_fts) VALUES ('rebuild');
CREATE TRIGGER vocab_ai AFTER INSERT ON vocab BEGIN
    INSERT INTO vocab_fts (rowid, term) VALUES (new.rowid, new.term);
END;
CREATE TRIGGER vocab_ad AFTER DELETE ON vocab BEGIN
    INSERT INTO vocab_fts (vocab_fts, rowid, term) VALUES ('delete', old.rowid, old.term);
END;
