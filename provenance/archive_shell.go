package provenance

import (
	"context"
	"path"

	"hansard/archive"
	"hansard/transcripts"
)

// ArchiveShell is the ShellLog of attribution over the archive's shell
// commands.
type ArchiveShell struct {
	archive *archive.Archive
}

// NewArchiveShell returns the shell commands of archive a.
func NewArchiveShell(a *archive.Archive) *ArchiveShell { return &ArchiveShell{archive: a} }

// ShellRuns implements ShellLog: the archive's successful commands of
// the repository's sessions that rewrite files in place (their paths made
// repo-relative; a path outside the repository is dropped) or make a git
// commit, as parsed when they were stored: those that rewrite a folder's
// files or a file of the same name as one of paths.
func (sh *ArchiveShell) ShellRuns(ctx context.Context, repo string, paths []string) ([]ShellRun, error) {
	names := make([]string, 0, len(paths))
	for _, p := range paths {
		names = append(names, path.Base(p))
	}
	cmds, err := sh.archive.RepoShellCommands(ctx, repo, names)
	if err != nil {
		return nil, err
	}
	var out []ShellRun
	for _, c := range cmds {
		if c.IsError {
			continue
		}
		if run, ok := shellRun(c.Command, c.Provider, c.Result, c.Rewrites, c.Commit, c.CommitMessage, c.RepoPath); ok {
			out = append(out, run)
		}
	}
	return out, nil
}

// NewShellRun reads a successful shell command (a known non-zero exit
// code is a failure) into a ShellRun with its rewrites and git commit;
// repoPath makes a path the command named relative to the repository (ok
// false outside it). ok is false when the command failed, or neither
// rewrites files of the repository nor makes a commit.
func NewShellRun(c transcripts.Command, provider, output string, repoPath func(string) (string, bool)) (ShellRun, bool) {
	msg, commit := transcripts.GitCommit(c.Command)
	return shellRun(c, provider, output, transcripts.ShellRewrites(c.Command), commit, msg, repoPath)
}

// shellRun is NewShellRun with the command's rewrites and commit parsed.
func shellRun(c transcripts.Command, provider, output string, rewrites []transcripts.ShellRewrite, commit bool, msg string,
	repoPath func(string) (string, bool)) (ShellRun, bool) {
	if c.ExitCode != nil && *c.ExitCode != 0 {
		return ShellRun{}, false
	}
	run := ShellRun{SessionID: c.SessionID, Provider: provider, ToolCallID: c.ToolCallID,
		MessageIndex: c.MessageIndex, Time: c.Timestamp, Command: c.Command, Output: output}
	for _, r := range rewrites {
		if rel, ok := repoPath(r.Path); ok {
			if rel == "" {
				rel = "."
			}
			r.Path = rel
			run.Rewrites = append(run.Rewrites, r)
		}
	}
	run.Message, run.Commit = msg, commit
	return run, len(run.Rewrites) > 0 || run.Commit
}
