-- Files discovery passed over although their names are transcripts' (a
-- link leading outside the provider's folders, a file that is not a
-- regular one), with the reason; last discovery only.
CREATE TABLE skipped_files (
    path   TEXT PRIMARY KEY,
    reason TEXT NOT NULL
) WITHOUT ROWID;
