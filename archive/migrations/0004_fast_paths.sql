-- What a refresh compares every discovered file with, read from the index
-- alone: the checkpoints (whose provider state can be kilobytes a file)
-- stay unread for unchanged files.
CREATE INDEX sources_stat ON sources (provider, path, size, mtime_ns, deleted, reparse);
