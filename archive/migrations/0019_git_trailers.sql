-- hansard archive schema, version 19: the stored git log keeps each
-- commit's trailers.
--
-- git_trailers holds the trailers git finds in a commit's message ("Key:
-- value" lines of its last paragraph, continuation lines unfolded), in
-- their order (seq), for the commits of git_commits that have any. They
-- are written with the commit, in the same transaction.
--
-- The commits stored before were read without their trailers: the stored
-- log is emptied (the steps of git log --follow kept, as they never
-- change), and the next sync of each working tree stores its whole log
-- again.
CREATE TABLE git_trailers (
	cid   INTEGER NOT NULL, -- a git_commits cid
	seq   INTEGER NOT NULL,
	key   TEXT    NOT NULL,
	value TEXT    NOT NULL,
	PRIMARY KEY (cid, seq)
) WITHOUT ROWID;

DELETE FROM git_changes;
DELETE FROM git_commits;
UPDATE git_walks SET tip = '', walk = x'', commits = 0, max_time = 0, generation = generation + 1, claimed_until = 0;
