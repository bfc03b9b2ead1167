// Package gitrepo is hansard's one home of git access.
//
// The repository model comes from go-git: Open discovers the repository of
// any folder (walking up, following a linked worktree's .git file to its
// common folder; a bare repository is its own git folder) and gives a Repo
// with the main repository's Root, the WorkTree, remotes, Head, commits
// (Commit, with Trailers) and blobs at a revision (CommitBefore finds the
// commit of a moment), and whether a commit changed other files than some
// (ChangedOtherThan, comparing trees in process). ResolveCommit reads ids, abbreviated ids, refs and
// their ~N and ^N steps in process and asks the git executable for other
// revision forms and for what it does not find. Init and CommitAll write a
// repository in process. Only go-git's storage (refs, loose and packed
// objects, alternate object folders, config, index) is used; gitrepo reads
// and writes commit, tree and tag objects itself. go-git's root package
// would load its network transports, and its object package an OpenPGP
// implementation, into every hansard process. Resolver maps folders to a
// Resolved{Root, RemoteURL} with a cache, for the archive to file edits
// under their repository.
//
// The git executable does what go-git does slowly or not at all: Repo.Blame
// (`git blame --porcelain`, with -M200 -C40 when asked to follow lines moved
// or copied from other files, of a revision or of the working tree, of
// the whole file or some ranges of lines,
// whose uncommitted lines, and every line of a file git does not track yet,
// come out as ZeroCommit) parsed into BlameLine values; Repo.BlameSettled
// (`git blame --incremental` of a range, stopped once some lines of it and
// their commits' other lines are attributed); Repo.BlameIncremental (each
// entry of `git blame --incremental` as git settles it); Repo.PathHistory
// (`git log --follow --name-status`) listing the paths a file had;
// Repo.CommitLog (`git log -M -C --name-status`, whole or a range),
// Repo.FollowStep (what `git log --follow` shows at one commit) and
// Repo.Boundary (`git rev-list --boundary`) for a log kept elsewhere;
// Repo.AddedLines (`git diff-tree -p -M --unified=0` against the first
// parent) listing the lines a commit added per file; Repo.CommitsByPrefix
// (`git rev-parse --disambiguate`) naming the commits of a sha prefix;
// RevParse and CommitBefore. Subprocesses are streamed and stop when their
// context is done. The gittest subpackage builds real repositories for
// tests.
//
// A failed git command is an *Error{Args, ExitCode, Stderr} that unwraps to
// one of the sentinels ErrNotRepository, ErrNoSuchPath, ErrBadRevision or
// ErrLineRange when git's message says so; ErrGitMissing means git is not on
// PATH.
package gitrepo
