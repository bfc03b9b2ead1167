package recall

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"hansard/archive"
	"hansard/provenance"
)

// sessions groups the edits keep accepts (all when nil) by session, the
// session with the latest edit first, each with its commits, reverts and
// tests.
func (f *fileHistory) sessions(ctx context.Context, keep func(sessionEdit) bool) ([]HistorySession, error) {
	by := map[string]*HistorySession{}
	var order []string
	fileEdits := map[string][]int{} // session → message indexes of its edits of the file
	loc := f.host.loc()
	for _, e := range f.edits {
		if keep != nil && !keep(*e) {
			continue
		}
		s := by[e.SessionID]
		if s == nil {
			s = &HistorySession{SessionID: e.SessionID, Provider: e.Provider}
			by[e.SessionID] = s
			order = append(order, e.SessionID)
		}
		s.latest = e.Timestamp
		s.Edits = append(s.Edits, HistoryEdit{MessageIndex: e.MessageIndex, Tool: e.Tool, Path: e.Path,
			TimeLocal: LocalTime(e.Timestamp, loc), LinesAdded: e.nAdded, LinesRemoved: e.nRemove,
			Commit: e.commit, Uncommitted: e.uncommitted})
		fileEdits[e.SessionID] = append(fileEdits[e.SessionID], e.MessageIndex)
		if e.commit != "" && !slices.ContainsFunc(s.Commits, func(c HistoryCommit) bool { return c.Commit == e.commit }) {
			c := f.commits[e.commit]
			s.Commits = append(s.Commits, HistoryCommit{Commit: e.commit, Summary: c.Summary, TimeLocal: LocalTime(c.CommitTime, loc)})
		}
		s.Reverts = append(s.Reverts, e.reverts...)
	}
	order = f.attributed(by, order, fileEdits)
	if len(order) == 0 {
		return []HistorySession{}, nil
	}
	infos, err := f.arch.SessionHeads(ctx, order) // titles, starts and ends
	if err != nil {
		return nil, err
	}
	runs, err := testRuns(ctx, f.arch, f.root, order, f.until)
	if err != nil {
		return nil, err
	}
	now := f.host.now()
	out := make([]HistorySession, 0, len(order))
	for _, id := range order {
		s := by[id]
		if si, ok := infos[id]; ok {
			s.Title, s.StartedAtLocal = si.Title, LocalTime(si.StartedAt, loc)
			s.Live = f.until.IsZero() && isLive(si.EndedAt, now)
		}
		edits := fileEdits[id]
		s.Tests, err = testOutcomes(ctx, f.arch, id, runs[id], func(from, to int) []int {
			return between(edits, from, to)
		})
		if err != nil {
			return nil, err
		}
		out = append(out, *s)
	}
	slices.SortStableFunc(out, func(a, b HistorySession) int { return b.latest.Compare(a.latest) })
	return out, nil
}

// attributed adds to the sessions the edits why's answers name that are
// not edits of the file, one entry per edit with the lines it explains.
func (f *fileHistory) attributed(by map[string]*HistorySession, order []string, fileEdits map[string][]int) []string {
	have := map[provenance.EditKey]bool{}
	for _, e := range f.edits {
		have[e.key()] = true
	}
	added := map[provenance.EditKey]*HistoryEdit{}
	blamed := map[string]provenance.CommitInfo{}
	var keys []provenance.EditKey
	for _, a := range f.answers {
		refs := a.Candidates
		if a.Edit != nil {
			refs = []provenance.EditRef{*a.Edit}
		}
		for _, r := range refs {
			k := r.Key()
			if have[k] {
				continue
			}
			if e := added[k]; e != nil {
				e.Lines++
				continue
			}
			e := &HistoryEdit{MessageIndex: r.MessageIndex, Tool: r.Tool, Path: r.Path, TimeLocal: r.TimeLocal, Attributed: a.Status, Lines: 1}
			if a.Commit != nil {
				e.Commit, blamed[a.Commit.SHA] = a.Commit.SHA, *a.Commit
			}
			added[k], keys = e, append(keys, k)
			s := by[r.SessionID]
			if s == nil {
				s = &HistorySession{SessionID: r.SessionID, Provider: r.Provider}
				by[r.SessionID] = s
				order = append(order, r.SessionID)
			}
			if t, err := time.Parse(time.RFC3339, r.TimeLocal); err == nil && t.After(s.latest) {
				s.latest = t
			}
		}
	}
	for _, k := range keys {
		s := by[k.SessionID]
		e := *added[k]
		s.Edits = append(s.Edits, e)
		fileEdits[k.SessionID] = append(fileEdits[k.SessionID], e.MessageIndex)
		if e.Commit != "" && !slices.ContainsFunc(s.Commits, func(c HistoryCommit) bool { return c.Commit == e.Commit }) {
			c := blamed[e.Commit]
			s.Commits = append(s.Commits, HistoryCommit{Commit: e.Commit, Summary: c.Summary, TimeLocal: c.Time})
		}
	}
	return order
}

func between(idx []int, from, to int) []int {
	var out []int
	for _, i := range idx {
		if i > from && i < to {
			out = append(out, i)
		}
	}
	return out
}

// testRuns returns the test runs of the sessions in the repository, per
// session in message order, before until (when set).
func testRuns(ctx context.Context, a *archive.Archive, root string, sessions []string, until time.Time) (map[string][]archive.RepoCommand, error) {
	cmds, err := a.RepoTestCommands(ctx, root)
	if err != nil {
		return nil, fmt.Errorf("test runs: %w", err)
	}
	out := map[string][]archive.RepoCommand{}
	for _, c := range cmds {
		if !c.IsTest || !slices.Contains(sessions, c.SessionID) || (!until.IsZero() && !c.Timestamp.Before(until)) {
			continue
		}
		if testFailed(c) || testPassed(c) {
			out[c.SessionID] = append(out[c.SessionID], c)
		}
	}
	for _, runs := range out {
		slices.SortStableFunc(runs, func(a, b archive.RepoCommand) int { return a.MessageIndex - b.MessageIndex })
	}
	return out, nil
}

func testFailed(c archive.RepoCommand) bool {
	if c.TestStatus != "" {
		return c.TestStatus == "fail"
	}
	return c.IsError || (c.ExitCode != nil && *c.ExitCode != 0)
}

func testPassed(c archive.RepoCommand) bool {
	if c.TestStatus != "" {
		return c.TestStatus == "pass"
	}
	return !c.IsError && c.ExitCode != nil && *c.ExitCode == 0
}

// testOutcomes pairs each failing run with the next run of the same
// command: fixed when it passed and fixes (the relevant edits between the
// two runs) names some, flaky when it passed and the session edited
// nothing between, failing when no later run of it passed. A failure
// followed by another failure of the same command counts once, at the
// later one; a pass after edits that fixes does not name is left out (its
// fix is elsewhere).
func testOutcomes(ctx context.Context, a *archive.Archive, session string, runs []archive.RepoCommand, fixes func(from, to int) []int) ([]HistoryTest, error) {
	var out []HistoryTest
	for i, r := range runs {
		if !testFailed(r) {
			continue
		}
		cmd := strings.Join(strings.Fields(r.Command.Command), " ")
		var next *archive.RepoCommand
		for j := i + 1; j < len(runs); j++ {
			if strings.Join(strings.Fields(runs[j].Command.Command), " ") == cmd {
				next = &runs[j]
				break
			}
		}
		t := HistoryTest{Command: cmd, FailedMessageIndex: r.MessageIndex}
		switch {
		case next == nil:
			t.Outcome = TestFailing
		case testFailed(*next):
			continue
		default:
			passed := next.MessageIndex
			t.PassedMessageIndex = &passed
			if t.FixMessageIndexes = fixes(r.MessageIndex, passed); len(t.FixMessageIndexes) > 0 {
				t.Outcome = TestFixed
				break
			}
			edited, err := editsBetween(ctx, a, session, r.MessageIndex, passed)
			if err != nil {
				return nil, err
			}
			if len(edited) > 0 {
				continue
			}
			t.Outcome = TestFlaky
		}
		out = append(out, t)
	}
	return out, nil
}

// editsBetween returns the message indexes of the session's edit calls
// strictly between from and to.
func editsBetween(ctx context.Context, a *archive.Archive, session string, from, to int) ([]int, error) {
	if to-from < 2 {
		return nil, nil
	}
	idx := make([]int, 0, to-from-1)
	for i := from + 1; i < to; i++ {
		idx = append(idx, i)
	}
	calls, err := a.CallSummaries(ctx, session, idx)
	if err != nil {
		return nil, fmt.Errorf("calls of %s: %w", session, err)
	}
	var out []int
	for _, c := range calls {
		if len(c.EditedPaths) > 0 && !slices.Contains(out, c.MessageIndex) {
			out = append(out, c.MessageIndex)
		}
	}
	return out, nil
}
