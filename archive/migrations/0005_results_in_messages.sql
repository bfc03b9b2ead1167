-- Tool results that a provider also records as part of a message's text
-- (Claude Code's tool messages): result_msg is that message's index in the
-- session, NULL for results found nowhere else. Only the latter are in
-- results_fts, whose content is now the view result_texts; the others are
-- found through messages_fts, once.
ALTER TABLE tool_calls ADD COLUMN result_msg INTEGER;

-- Results archived before: a Claude result is the text, or part of the
-- text, of the tool message on its result line.
CREATE INDEX messages_line_tmp ON messages (session, line);
UPDATE tool_calls SET result_msg = (
    SELECT m.idx FROM messages m
    WHERE m.session = tool_calls.session AND m.line = tool_calls.result_line AND m.role = 'tool')
WHERE has_result AND result_line > 0
    AND session IN (SELECT pk FROM sessions WHERE provider = 'claude');
DROP INDEX messages_line_tmp;

CREATE VIEW result_texts AS SELECT id, result FROM tool_calls WHERE result_msg IS NULL;

DROP TRIGGER results_fts_ad;
DROP TABLE results_fts;
CREATE VIRTUAL TABLE results_fts USING fts5 (
    result, content = 'result_texts', content_rowid = 'id',
    tokenize = "unicode61 tokenchars '_'"
);
INSERT INTO results_fts (results_fts, rank) VALUES ('hashsize', 16777216);
INSERT INTO results_fts (results_fts) VALUES ('rebuild');
CREATE TRIGGER results_fts_ad AFTER DELETE ON tool_calls WHEN old.result_msg IS NULL BEGIN
    INSERT INTO results_fts (results_fts, rowid, result) VALUES ('delete', old.id, old.result);
END;
