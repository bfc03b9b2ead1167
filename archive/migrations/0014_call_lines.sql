-- hansard archive schema, version 14: each tool call keeps the 1-based
-- line of its transcript that recorded the call itself (an assistant
-- message spans several lines, and a Codex turn's first line is not its
-- calls'), which a link to the edit names. 0 when not known: calls
-- archived before are read again as the providers' parser versions moved.
ALTER TABLE tool_calls ADD COLUMN line INTEGER NOT NULL DEFAULT 0;
