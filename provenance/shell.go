package provenance

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"time"

	"hansard/transcripts"
)

// ShellRun is an archived shell command that may explain lines no edit
// explains: it rewrote files in place, or it made a git commit.
type ShellRun struct {
	SessionID    string
	Provider     string
	ToolCallID   string
	MessageIndex int
	Time         time.Time
	Command      string
	// Rewrites are what it rewrote, with repo-relative paths.
	Rewrites []transcripts.ShellRewrite
	// Commit says that it ran git commit; Message is the message it gave
	// ("" when unknown) and Output what git printed.
	Commit  bool
	Message string
	Output  string
}

// ShellLog knows the archived shell commands of a repository's sessions.
// Attribute uses it, when the Attributor has one, for the lines that no
// edit explains.
type ShellLog interface {
	// ShellRuns returns the successful commands of repo's sessions that
	// make a git commit or rewrite in place one of paths (repo-relative),
	// oldest first; a store may also return commands that rewrite other
	// files.
	ShellRuns(ctx context.Context, repo string, paths []string) ([]ShellRun, error)
}

// Reasons of the answers that rest on a shell command.
const (
	reasonShellRewrite = "no archived edit wrote this text; this session rewrote the file with %s before the commit: `%s`"
	reasonShellCommit  = "no archived edit wrote this text; this session made the commit itself: `%s`"
	reasonShellSeveral = "no archived edit wrote this text; several sessions rewrote the file with shell commands before the commit"
	// toolShell is the Tool of an EditRef that names a shell command.
	toolShell = "shell"
)

// explainByShell is the last step of Attribute: each committed line still
// without an answer is credited, as possible, to the session that rewrote
// its file with a shell command after the file's previous commit and
// before this one (clock slack allowed), else to the session that made its
// commit with git commit in its own shell, when no other session's edit
// explains a line of that commit in this file. Several sessions that
// rewrote the file make the line conflicting.
func (a *Attributor) explainByShell(ctx context.Context, f *fileState, out []Attribution) error {
	if a.Shell == nil {
		return nil
	}
	idx, pending := f.askedIndex(out)
	if !pending {
		return nil
	}
	paths := make([]string, 0, len(f.lineage))
	for p := range f.lineage {
		paths = append(paths, p)
	}
	runs, err := a.Shell.ShellRuns(ctx, f.in.Repo, paths)
	if err != nil || len(runs) == 0 {
		return err
	}
	others := f.groupSessions(out, idx)
	slack := a.slack()
	tools := make([]string, len(runs)) // the rewrite of the file's lineage each run made
	for r := range runs {
		tools[r] = runs[r].rewriteOf(f)
	}
	type runCommit struct {
		run    int
		commit string
	}
	made := map[runCommit]bool{} // whether the run made the commit
	for i, l := range f.lines {
		j := idx[i]
		if j < 0 || !f.unanswered(l, out[j]) {
			continue
		}
		c := l.bl.Commit
		after := f.fresh[c.Hash]
		var rewrites, commits []int
		for r := range runs {
			run := &runs[r]
			if run.Time.After(c.CommitTime.Add(slack)) || !after.IsZero() && !run.Time.After(after) {
				continue
			}
			if tools[r] != "" {
				rewrites = append(rewrites, r)
				continue
			}
			if !run.Commit {
				continue
			}
			key := runCommit{r, c.Hash}
			m, ok := made[key]
			if !ok {
				m = madeCommit(run, c.Hash, c.Summary, c.AuthorTime, slack)
				made[key] = m
			}
			if m {
				commits = append(commits, r)
			}
		}
		switch sessions := lastPerSession(runs, rewrites); {
		case len(sessions) == 1:
			run := &runs[sessions[0]]
			f.shellAnswer(&out[j], run, fmt.Sprintf(reasonShellRewrite, tools[sessions[0]], commandExcerpt(run.Command)))
		case len(sessions) > 1:
			out[j].Status, out[j].Reason = StatusConflicting, reasonShellSeveral
			for _, r := range sessions {
				out[j].Candidates = append(out[j].Candidates, f.shellRef(&runs[r]))
			}
		default:
			sessions = lastPerSession(runs, commits)
			if len(sessions) != 1 {
				continue
			}
			run := &runs[sessions[0]]
			if g := others[l.group]; len(g) > 0 && !g[run.SessionID] {
				continue // other sessions' edits wrote lines of this commit
			}
			if w := f.writers(i, slack); len(w) > 0 && !w[run.SessionID] {
				continue // another session's edit introduced the text here
			}
			f.shellAnswer(&out[j], run, fmt.Sprintf(reasonShellCommit, commandExcerpt(run.Command)))
		}
	}
	return nil
}

// askedIndex returns out's index of each line of f (-1 for a line not
// asked about), and whether an asked committed line is still none.
func (f *fileState) askedIndex(out []Attribution) (idx []int, pending bool) {
	idx = make([]int, 0, len(f.lines))
	k := 0
	for _, l := range f.lines {
		if !l.wanted {
			idx = append(idx, -1)
			continue
		}
		if out[k].Status == StatusNone && !l.bl.Commit.Uncommitted() {
			pending = true
		}
		idx = append(idx, k)
		k++
	}
	return idx, pending
}

// groupSessions returns, per commit group, the sessions of the answers
// that name one.
func (f *fileState) groupSessions(out []Attribution, idx []int) map[int]map[string]bool {
	g := map[int]map[string]bool{}
	for i, l := range f.lines {
		j := idx[i]
		if j < 0 || out[j].Edit == nil {
			continue
		}
		if g[l.group] == nil {
			g[l.group] = map[string]bool{}
		}
		g[l.group][out[j].Edit.SessionID] = true
	}
	return g
}

// writers returns the sessions whose edits introduced line i's text to
// the file's lineage, not after its commit (clock slack allowed), though
// the line was not credited to them (another line claimed the edit).
func (f *fileState) writers(i int, slack time.Duration) map[string]bool {
	l := f.lines[i]
	w := map[string]bool{}
	for _, e := range f.byKey[l.key] {
		if x := &f.entries[e]; f.inLineage(i, e) && !x.Time.After(l.bl.Commit.CommitTime.Add(slack)) {
			w[x.SessionID] = true
		}
	}
	return w
}

// rewriteOf returns the tool of run's first rewrite of a lineage path, ""
// when it rewrote none.
func (run *ShellRun) rewriteOf(f *fileState) string {
	for _, r := range run.Rewrites {
		for p := range f.lineage {
			if r.Matches(p) {
				return r.Tool
			}
		}
	}
	return ""
}

// lastPerSession returns the latest of rs per session, in session order
// of first appearance.
func lastPerSession(runs []ShellRun, rs []int) []int {
	var out []int
	at := map[string]int{}
	for _, r := range rs {
		if k, ok := at[runs[r].SessionID]; ok {
			out[k] = r
			continue
		}
		at[runs[r].SessionID] = len(out)
		out = append(out, r)
	}
	return out
}

// commitLine finds the "[branch abc1234] summary" lines git commit
// prints: the commit's id prefix and its summary.
var commitLine = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?m)^\[[^\]\n]*?\b([0-9a-f]{7,40})\] (.*)$`)
})

// madeCommit reports whether run made the commit hash: its output names
// the commit, or its message's first line is the commit's summary and it
// ran within the slack of the commit's author time (a rebase or amend
// since changed the commit's id).
func madeCommit(run *ShellRun, hash, summary string, authored time.Time, slack time.Duration) bool {
	for _, m := range commitLine().FindAllStringSubmatch(run.Output, -1) {
		if strings.HasPrefix(hash, m[1]) {
			return true
		}
	}
	first, _, _ := strings.Cut(strings.TrimSpace(run.Message), "\n")
	d := run.Time.Sub(authored)
	return first != "" && strings.TrimSpace(first) == strings.TrimSpace(summary) && d <= slack && d >= -slack
}

// shellAnswer makes a a possible answer naming run.
func (f *fileState) shellAnswer(a *Attribution, run *ShellRun, reason string) {
	ref := f.shellRef(run)
	a.Status, a.Reason, a.Edit = StatusPossible, reason, &ref
}

// shellRef names run as an edit of the file.
func (f *fileState) shellRef(run *ShellRun) EditRef {
	return EditRef{
		SessionID:    run.SessionID,
		Provider:     run.Provider,
		MessageIndex: run.MessageIndex,
		Tool:         toolShell,
		ToolCallID:   run.ToolCallID,
		Path:         f.in.Path,
		TimeLocal:    f.localTime(run.Time),
	}
}

// commandExcerpt is the first line of a command, at most 100 characters.
func commandExcerpt(cmd string) string {
	line, _, more := strings.Cut(strings.TrimSpace(cmd), "\n")
	if r := []rune(line); len(r) > 100 {
		line, more = string(r[:100]), true
	}
	if more {
		line += " …"
	}
	return line
}
