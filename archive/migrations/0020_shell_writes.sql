-- hansard archive schema, version 20: what each shell command rewrites,
-- parsed once when the command is stored.
--
-- shell_writes holds, per command (session, call_id), the files it
-- rewrites in place (transcripts.ShellRewrites: tool, path as the script
-- names it, tree and name for a folder's files; base is the path's last
-- element, '' for a folder), one row per rewrite from seq 0, and a row
-- with seq -1 and tool 'git commit' (message: its message, when the
-- script gives it) when it makes a git commit. A command that does
-- neither has no row. Transcripts read before are read again once (the
-- archive's reading version moved), which fills it.
CREATE TABLE shell_writes (
	session INTEGER NOT NULL REFERENCES sessions (pk) ON DELETE CASCADE,
	call_id TEXT    NOT NULL,
	seq     INTEGER NOT NULL,
	tool    TEXT    NOT NULL,
	path    TEXT    NOT NULL DEFAULT '',
	tree    INTEGER NOT NULL DEFAULT 0,
	name    TEXT    NOT NULL DEFAULT '',
	base    TEXT    NOT NULL DEFAULT '',
	message TEXT    NOT NULL DEFAULT '',
	PRIMARY KEY (session, call_id, seq)
) WITHOUT ROWID;
CREATE INDEX shell_writes_base ON shell_writes (base);
