-- hansard archive schema, version 15: messages retracted from an agent's
-- history (transcripts.Retraction: a rewound or replaced history, a
-- message a rewritten store no longer holds).
--
-- retracted is NULL for a message that is part of its session's history,
-- and otherwise says why it left it (transcripts.RetractRewound,
-- RetractReplaced, RetractVanished). A retracted message keeps its row,
-- its index and its full-text entry, and what cites it (tool calls,
-- edits, the ledger) stays; a later copy of the message clears the mark.
ALTER TABLE messages ADD COLUMN retracted TEXT;
