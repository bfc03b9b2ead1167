-- hansard archive schema, version 18: what a tool call adds to the search
-- besides its result, each in a full-text index of its own so that a
-- search ranks it apart.
--
-- input_text is the searchable text of the call's input as its provider
-- chose it (a command, a pattern, paths, an edit's new text, a written
-- file, a patch's added lines, a tool's string arguments; never the text
-- an edit replaced). full_result is the whole output of a call whose
-- result the agent saw only as a preview (Claude Code's
-- <persisted-output>), when the transcript keeps it; '' otherwise. The
-- writer indexes the non-empty ones (inputs_fts, full_results_fts, whose
-- contents are the views of those rows, so that a rebuild reads the same);
-- their delete triggers keep the indexes in sync on delete. Calls archived
-- before are read again as the providers' parser versions moved.
ALTER TABLE tool_calls ADD COLUMN input_text TEXT NOT NULL DEFAULT '';
ALTER TABLE tool_calls ADD COLUMN full_result TEXT NOT NULL DEFAULT '';

CREATE VIEW input_texts AS SELECT id, input_text FROM tool_calls WHERE input_text <> '';
CREATE VIRTUAL TABLE inputs_fts USING fts5 (
    input_text, content = 'input_texts', content_rowid = 'id',
    tokenize = "unicode61 tokenchars '_'"
);
INSERT INTO inputs_fts (inputs_fts, rank) VALUES ('hashsize', 16777216);
CREATE TRIGGER inputs_fts_ad AFTER DELETE ON tool_calls WHEN old.input_text <> '' BEGIN
    INSERT INTO inputs_fts (inputs_fts, rowid, input_text) VALUES ('delete', old.id, old.input_text);
END;

CREATE VIEW full_result_texts AS SELECT id, full_result FROM tool_calls WHERE full_result <> '';
CREATE VIRTUAL TABLE full_results_fts USING fts5 (
    full_result, content = 'full_result_texts', content_rowid = 'id',
    tokenize = "unicode61 tokenchars '_'"
);
INSERT INTO full_results_fts (full_results_fts, rank) VALUES ('hashsize', 16777216);
CREATE TRIGGER full_results_fts_ad AFTER DELETE ON tool_calls WHEN old.full_result <> '' BEGIN
    INSERT INTO full_results_fts (full_results_fts, rowid, full_result) VALUES ('delete', old.id, old.full_result);
END;

-- A session a source wrote as a mirror (a subagent built from the copies
-- of its messages in its parent's transcript) holds its name only until
-- another source writes the same session: that source's rows replace it.
ALTER TABLE session_names ADD COLUMN mirror INTEGER NOT NULL DEFAULT 0;
