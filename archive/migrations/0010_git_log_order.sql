-- hansard archive schema, version 10: a repository's stored git log read
-- in walk order (newest first) without sorting it, to tell how far back a
-- number of commits reaches (GitLogTimeBack).
CREATE INDEX git_log_ord ON git_log (repo_root, ord);
