-- A tool result that is the whole text of message result_msg is stored
-- there only: result is '' and result_whole_msg is 1. Readers take the
-- text from the message (see resultText in the archive's code).
ALTER TABLE tool_calls ADD COLUMN result_whole_msg INTEGER NOT NULL DEFAULT 0;
