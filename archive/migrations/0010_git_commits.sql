-- hansard archive schema, version 10: the stored git log is split into
-- what never changes and what each working tree's HEAD decides, so that a
-- checkout, reset or rebase no longer rewrites every row of the log.
--
-- git_commits holds each commit seen in any repository's log once: its id
-- and its committer time (Unix seconds). git_changes holds the
-- files a commit changed against its first parent, as `git log
-- --no-renames --name-status` prints them (no row for a commit that shows
-- none, such as a merge); a commit's changes are written in the same
-- transaction as its git_commits row. Both are shared by every
-- repository, as commit ids are.
--
-- git_walks holds, per working tree (repo_root: the folder git runs in,
-- whose HEAD the walk follows; the git folder of a bare repository), the
-- commit its log reaches (tip) and the order `git log` walks the commits
-- reachable from it: walk lists their cid newest first, each as an
-- unsigned varint. commits counts them and max_time is the highest commit
-- time among them; generation moves at every write (a reader that sees it
-- unchanged before and after its reads saw one state) and claimed_until
-- (Unix milliseconds) is until when a writer has claimed the walk.
DROP TABLE git_log;
DROP TABLE git_log_tips;

CREATE TABLE git_commits (
	cid         INTEGER PRIMARY KEY,
	commit_id   TEXT    NOT NULL UNIQUE,
	commit_time INTEGER NOT NULL
);

CREATE TABLE git_changes (
	path        TEXT    NOT NULL,
	cid         INTEGER NOT NULL, -- a git_commits cid
	commit_id   TEXT    NOT NULL, -- the commit's, repeated so that a
	author_time INTEGER NOT NULL, -- file's history reads one table
	commit_time INTEGER NOT NULL,
	status      TEXT    NOT NULL,
	old_path    TEXT    NOT NULL DEFAULT '',
	PRIMARY KEY (path, cid)
) WITHOUT ROWID;
CREATE INDEX git_changes_old_path ON git_changes (old_path, cid) WHERE old_path <> '';

CREATE TABLE git_walks (
	repo_root     TEXT    PRIMARY KEY,
	tip           TEXT    NOT NULL DEFAULT '',
	walk          BLOB    NOT NULL DEFAULT x'',
	commits       INTEGER NOT NULL DEFAULT 0,
	max_time      INTEGER NOT NULL DEFAULT 0,
	generation    INTEGER NOT NULL DEFAULT 0,
	claimed_until INTEGER NOT NULL DEFAULT 0
);
