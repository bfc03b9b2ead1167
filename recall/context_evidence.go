package recall

import (
	"context"
	"slices"
	"strings"

	"hansard/archive"
	"hansard/transcripts"
)

// evidence fills the task's sessions, steps, tests, commits and links.
func (t *task) evidence(ctx context.Context, resp *WorkContextResponse) error {
	var missing []string
	for _, id := range t.ids {
		if _, ok := t.infos[id]; !ok {
			missing = append(missing, id)
		}
	}
	if len(missing) > 0 {
		got, err := t.arch.SessionInfos(ctx, missing)
		if err != nil {
			return internal("read sessions", err)
		}
		for id, si := range got {
			t.infos[id] = si
		}
	}
	loc, now := t.host.loc(), t.host.now()
	var ids []string
	for _, id := range t.ids {
		si, ok := t.infos[id]
		if !ok || (!t.until.IsZero() && !si.StartedAt.Before(t.until)) {
			continue
		}
		ids = append(ids, id)
		resp.Sessions = append(resp.Sessions, TaskSession{SessionID: id, Provider: si.Provider, Title: si.Title,
			StartedAtLocal: LocalTime(si.StartedAt, loc), Messages: si.Messages,
			Live: t.until.IsZero() && isLive(si.EndedAt, now), Files: t.files[id]})
	}
	slices.SortStableFunc(resp.Sessions, func(a, b TaskSession) int {
		return t.infos[a.SessionID].StartedAt.Compare(t.infos[b.SessionID].StartedAt)
	})
	for _, s := range resp.Sessions { // the links in the sessions' order
		for _, l := range t.links {
			if l.SessionID == s.SessionID {
				resp.Links = append(resp.Links, l)
			}
		}
	}
	for _, list := range t.todoLists(ids) {
		var todos []transcripts.Todo
		for _, id := range list {
			td, err := t.arch.Todos(ctx, id)
			if err != nil {
				return internal("read todos", err)
			}
			todos = append(todos, td...)
		}
		resp.Steps = append(resp.Steps, t.steps(todos)...)
	}
	if err := t.tests(ctx, ids, resp); err != nil {
		return err
	}
	t.commits(ids, resp)
	return nil
}

// todoLists groups the sessions (in the order they started) whose todo
// snapshots make one list: a resumed, continued or forked session goes on
// with the list of the session it came from; any other keeps its own.
func (t *task) todoLists(ids []string) [][]string {
	group := map[string]string{} // session → the first session of its list
	find := func(id string) string {
		for group[id] != "" && group[id] != id {
			id = group[id]
		}
		return id
	}
	for _, l := range t.links {
		switch l.Relation {
		case transcripts.RelResumedFrom, transcripts.RelContinuedFrom, transcripts.RelForkedFrom:
			if slices.Contains(ids, l.SessionID) && slices.Contains(ids, l.LinkedTo) {
				a, b := find(l.SessionID), find(l.LinkedTo)
				if t.infos[b].StartedAt.After(t.infos[a].StartedAt) {
					a, b = b, a
				}
				group[b] = a
			}
		}
	}
	ordered := slices.Clone(ids)
	slices.SortStableFunc(ordered, func(a, b string) int { return t.infos[a].StartedAt.Compare(t.infos[b].StartedAt) })
	var out [][]string
	at := map[string]int{}
	for _, id := range ordered {
		g := find(id)
		if i, ok := at[g]; ok {
			out[i] = append(out[i], id)
			continue
		}
		at[g] = len(out)
		out = append(out, []string{id})
	}
	return out
}

// steps reads where each item of a list's todo snapshots ended: its
// status in the last snapshot that lists it (completed is done, deleted
// or cancelled dropped, anything else open), and dropped when a later
// snapshot no longer lists an item that was not completed.
func (t *task) steps(todos []transcripts.Todo) []TaskStep {
	type item struct {
		step     TaskStep
		snapshot int // index of the last snapshot that lists it
	}
	var order []string
	items := map[string]*item{}
	snapshot, lastCall, lastIdx, lastSession := -1, "", -1, ""
	for _, td := range todos {
		if !t.until.IsZero() && !td.Timestamp.IsZero() && !td.Timestamp.Before(t.until) {
			continue
		}
		if td.ToolCallID != lastCall || td.MessageIndex != lastIdx || td.SessionID != lastSession {
			snapshot, lastCall, lastIdx, lastSession = snapshot+1, td.ToolCallID, td.MessageIndex, td.SessionID
		}
		key := td.ItemID
		if key == "" {
			key = strings.Join(strings.Fields(td.Text), " ")
		}
		it := items[key]
		if it == nil {
			it = &item{}
			items[key] = it
			order = append(order, key)
		}
		it.snapshot = snapshot
		it.step = TaskStep{SessionID: td.SessionID, MessageIndex: td.MessageIndex, Text: td.Text, Status: stepStatus(td.Status)}
	}
	out := make([]TaskStep, 0, len(order))
	for _, k := range order {
		it := items[k]
		if it.snapshot < snapshot && it.step.Status == StepOpen {
			it.step.Status = StepDropped
		}
		out = append(out, it.step)
	}
	return out
}

func stepStatus(s string) string {
	switch strings.ToLower(s) {
	case "completed", "done", "complete":
		return StepDone
	case "deleted", "cancelled", "canceled", "removed", "dropped":
		return StepDropped
	}
	return StepOpen
}

// tests pairs the failing test runs of the task's sessions with what
// followed: fixed by any edit between, flaky with none.
func (t *task) tests(ctx context.Context, ids []string, resp *WorkContextResponse) error {
	if t.repo == "" {
		return nil
	}
	runs, err := testRuns(ctx, t.arch, t.repo, ids, t.until)
	if err != nil {
		return internal("read test runs", err)
	}
	for _, id := range ids {
		var ferr error
		outs, err := testOutcomes(ctx, t.arch, id, runs[id], func(from, to int) []int {
			idx, err := editsBetween(ctx, t.arch, id, from, to)
			if err != nil && ferr == nil {
				ferr = err
			}
			return idx
		})
		if err == nil {
			err = ferr
		}
		if err != nil {
			return internal("read test runs", err)
		}
		for _, o := range outs {
			resp.Tests = append(resp.Tests, TaskTest{SessionID: id, HistoryTest: o})
		}
	}
	return nil
}

// commits lists the commits the task's sessions made.
func (t *task) commits(ids []string, resp *WorkContextResponse) {
	for _, id := range ids {
		resp.Commits = append(resp.Commits, t.made[id]...)
	}
}

// madeCommits reads the "[branch sha] summary" lines git commit (and
// revert, cherry-pick, merge) printed.
func madeCommits(c archive.RepoCommand) []TaskCommit {
	var out []TaskCommit
	for _, line := range strings.Split(c.Result, "\n") {
		shas := committedShas(line)
		if len(shas) == 0 {
			continue
		}
		_, summary, _ := strings.Cut(line, "] ")
		out = append(out, TaskCommit{SessionID: c.SessionID, MessageIndex: c.MessageIndex, Commit: shas[0], Summary: strings.TrimSpace(summary)})
	}
	return out
}
