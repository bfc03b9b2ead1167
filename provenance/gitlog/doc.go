// Package gitlog is the one home of hansard's stored git log: a copy, in
// the archive, of the commit log of each repository the sessions worked
// in, from which a file's history (every commit that changed it, followed
// across renames and copies as `git log --follow -M -C` lists it) is read
// without running git log.
//
// The SQL of the log stays in package archive (git_commits, git_changes,
// git_walks and git_follow_steps, written through GitLogWriter,
// AppendGitLog, ClaimGitLog, ReleaseGitLog and StoreGitFollowStep); the
// walk of git stays in provenance/gitrepo. This package joins the two and
// is the only caller of the archive's writes of the log:
//
//   - Log.Sync brings the stored log of a working tree up to its HEAD (the
//     walk of git and the write, under a claim so that one process at a
//     time writes a repository's log). It is the one API that writes the
//     stored log: `hansard index` calls it for every repository the
//     archive knows, and History calls it before it reads.
//   - Log.History answers a file's history at HEAD from the stored log,
//     asking git only where the file is created (what it was renamed or
//     copied from, kept once asked), and falls back to git when the stored
//     log cannot answer.
//   - Log.Trailers reads the trailers of commits, which the stored log
//     keeps with each commit.
//
// Each commit is stored once with the files it changed; each working tree
// (its Log key is the folder git runs in) keeps only the order git walks
// the commits from its HEAD. A new commit adds itself; a checkout, reset
// or rebase, and a new worktree or clone, read git's order (`git
// rev-list`) and the commits never stored (those no stored log's tip
// reaches), rather than the whole log.
package gitlog
