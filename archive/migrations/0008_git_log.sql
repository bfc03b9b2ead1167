-- The commit log of a repository's checked-out history, as `git log -M -C
-- --name-status` walks it: one row per file a commit changed (one with no
-- status and path for a commit that shows none, such as a merge). ord
-- orders the walk: the newest row has the highest, and rows appended for
-- newer commits go above the stored ones. repo_root is the working tree
-- whose HEAD the log follows (the git folder of a bare repository). status
-- is git's letter (A, M, D, T, R, C); old_path is the source of a rename or
-- copy, '' otherwise. The rows of a path lie together in the table, which
-- is what a file's history reads.
CREATE TABLE git_log (
	repo_root   TEXT    NOT NULL,
	ord         INTEGER NOT NULL,
	commit_id   TEXT    NOT NULL,
	author_time INTEGER NOT NULL,
	commit_time INTEGER NOT NULL,
	status      TEXT    NOT NULL,
	path        TEXT    NOT NULL,
	old_path    TEXT    NOT NULL DEFAULT '',
	PRIMARY KEY (repo_root, path, ord)
) WITHOUT ROWID;
CREATE INDEX git_log_old_path ON git_log (repo_root, old_path, ord) WHERE old_path <> '';

-- One row per repository whose log is stored: the commit the log reaches
-- (its tip), the highest commit time and ord among its rows, a generation
-- that every write moves (a reader that sees it unchanged before and after
-- its reads saw one state), and until when (Unix milliseconds) a writer
-- has claimed the log to bring it up to date.
CREATE TABLE git_log_tips (
	repo_root    TEXT    PRIMARY KEY,
	tip          TEXT    NOT NULL DEFAULT '',
	max_time     INTEGER NOT NULL DEFAULT 0,
	max_ord      INTEGER NOT NULL DEFAULT -1,
	generation   INTEGER NOT NULL DEFAULT 0,
	claimed_until INTEGER NOT NULL DEFAULT 0
);

-- What `git log --follow` shows at a commit that creates the followed path:
-- the rename or copy it was found to come from (or a plain addition), as
-- git printed it (seq orders several entries). Commits do not change, so
-- these rows stay valid when a log is rebuilt.
CREATE TABLE git_follow_steps (
	commit_id TEXT    NOT NULL,
	path      TEXT    NOT NULL,
	seq       INTEGER NOT NULL,
	status    TEXT    NOT NULL,
	new_path  TEXT    NOT NULL,
	old_path  TEXT    NOT NULL DEFAULT '',
	PRIMARY KEY (commit_id, path, seq)
) WITHOUT ROWID;
