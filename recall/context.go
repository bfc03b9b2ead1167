package recall

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"

	"hansard/archive"
)

// WorkContextRequest asks for the context of a task: the conversation
// SessionID (the calling one when empty) and those of the same task.
type WorkContextRequest struct {
	SessionID   string `json:"session_id,omitempty"`
	TokenBudget int    `json:"token_budget,omitempty"`
	// Repo selects the repository whose conversations count (by default
	// the session's own).
	Repo string `json:"repo,omitempty"`
	// Until hides evidence after this time (a day or an RFC 3339 time).
	Until string `json:"until,omitempty"`
	// NoMemories leaves the memory citations out.
	NoMemories bool `json:"-"`
}

// WorkContextResponse is a task's context.
type WorkContextResponse struct {
	Notice    string `json:"notice"`
	SessionID string `json:"session_id"`
	// Default says how the session was chosen when the request named none.
	Default string `json:"default,omitempty"`
	Repo    string `json:"repo,omitempty"`
	// Sessions are the task's conversations in the order they started:
	// the session, its subagents, the sessions it resumed, continued or
	// was forked from, and those linked by evidence (Links).
	Sessions []TaskSession `json:"sessions"`
	// Steps are the todo and plan items the conversations recorded, with
	// where each ended: open, done or dropped.
	Steps []TaskStep `json:"steps"`
	// Tests are the test runs that failed, with what followed.
	Tests []TaskTest `json:"tests"`
	// Commits are the commits the conversations made.
	Commits []TaskCommit `json:"commits"`
	// Links say why each conversation other than the session belongs to
	// the task.
	Links []TaskLink `json:"links"`
	// Memories are the lines of archived memories that govern the files
	// the task's conversations edited, ranked below the direct evidence:
	// kept only when all of it fits.
	Memories []MemoryCitation `json:"memories,omitempty"`
	// Notes say what could not be read.
	Notes       []string `json:"notes,omitempty"`
	Until       string   `json:"until,omitempty"`
	TokenBudget int      `json:"token_budget"`
	Tokens      int      `json:"tokens"`
	Truncated   int      `json:"truncated"`
}

// TaskSession is one conversation of a task.
type TaskSession struct {
	SessionID      string `json:"session_id"`
	Provider       string `json:"provider"`
	Title          string `json:"title"`
	StartedAtLocal string `json:"started_at_local"`
	Messages       int    `json:"messages"`
	Live           bool   `json:"live,omitempty"`
	// Files are the repository files it edited.
	Files []string `json:"files,omitempty"`
}

// Step statuses.
const (
	StepOpen    = "open"    // pending or in progress when the list was last recorded
	StepDone    = "done"    // completed
	StepDropped = "dropped" // deleted, or removed from the list without being completed
)

// TaskStep is a recorded todo or plan item as its conversation left it.
type TaskStep struct {
	SessionID    string `json:"session_id"`
	MessageIndex int    `json:"message_index"` // the last snapshot that listed it
	Text         string `json:"text"`
	Status       string `json:"status"`
}

// TaskTest is a failing test run of one of the task's conversations.
type TaskTest struct {
	SessionID string `json:"session_id"`
	HistoryTest
}

// TaskCommit is a commit a conversation made, as its git output named it.
type TaskCommit struct {
	SessionID    string `json:"session_id"`
	MessageIndex int    `json:"message_index"`
	Commit       string `json:"commit"`
	Summary      string `json:"summary"`
}

// TaskLink ties a conversation to the task.
type TaskLink struct {
	SessionID string `json:"session_id"`
	// LinkedTo is the task's conversation it is linked to.
	LinkedTo string `json:"linked_to"`
	// Relation is subagent, resumed_from, continued_from or forked_from
	// for a recorded link, same_work for one found by evidence.
	Relation string `json:"relation"`
	Evidence string `json:"evidence"`
}

// RelCommit links a conversation that started at a commit the session
// made, or made the commit the session started at.
const RelCommit = "commit"

// RelSameWork links a conversation that worked on the same branch and
// files within linkWindow of the session.
const RelSameWork = "same_work"

// linkWindow is how close in time a conversation on the same branch that
// edited the same files must be to count as the same task.
const linkWindow = 6 * time.Hour

// WorkContext answers a WorkContextRequest, reading new transcripts
// first. Without a session id it is the calling Codex session of the
// caller's folder, else the latest conversation of that folder's
// repository.
func (h *Host) WorkContext(ctx context.Context, req WorkContextRequest, caller Caller) (WorkContextResponse, error) {
	budget, err := checkBudget(req.TokenBudget)
	if err != nil {
		return WorkContextResponse{}, err
	}
	var until time.Time
	if req.Until != "" {
		r, err := ParseTimeRange("", req.Until, h.loc(), h.now())
		if err != nil {
			return WorkContextResponse{}, err
		}
		until = r.Until
	}
	svc, err := h.service(ctx, true)
	if err != nil {
		return WorkContextResponse{}, err
	}
	a := svc.Archive
	resp := WorkContextResponse{Notice: EvidenceNotice, TokenBudget: budget}
	if !until.IsZero() {
		resp.Until = LocalTime(until, h.loc())
	}
	id := req.SessionID
	if id == "" {
		if id, resp.Default, err = h.defaultSession(ctx, svc, caller); err != nil {
			return WorkContextResponse{}, err
		}
	}
	root, err := a.GetSession(ctx, id)
	if err != nil {
		return WorkContextResponse{}, archiveErr("work context of "+id, err)
	}
	resp.SessionID = root.ID
	resp.Repo = root.RepoRoot
	if req.Repo != "" {
		roots, err := a.RepoRoots(ctx)
		if err != nil {
			return WorkContextResponse{}, internal("list repositories", err)
		}
		if resp.Repo, err = resolveRepo(req.Repo, roots); err != nil {
			return WorkContextResponse{}, err
		}
	}
	t := &task{host: h, arch: a, repo: resp.Repo, until: until, infos: map[string]archive.SessionInfo{root.ID: root}}
	if err := t.gather(ctx, root); err != nil {
		return WorkContextResponse{}, err
	}
	if err := t.evidence(ctx, &resp); err != nil {
		return WorkContextResponse{}, err
	}
	fitContext(&resp)
	if !req.NoMemories {
		resp.addMemories(h.citeMemories(ctx, a, resp.Repo, taskFiles(resp.Sessions), until, resp.Tokens, budget, resp.Truncated > 0))
	}
	return resp, nil
}

// defaultSession is the calling Codex session, else the latest session of
// the repository of the caller's folder.
func (h *Host) defaultSession(ctx context.Context, svc *Service, caller Caller) (id, how string, err error) {
	id, err = h.CallerSession(caller)
	if err == nil {
		return id, "the calling Codex session", nil
	}
	if ErrorCode(err) != CodeNotFound {
		return "", "", err
	}
	repo := ""
	if caller.Dir != "" {
		if repo, err = h.repoOfDir(ctx, svc, caller.Dir); err != nil {
			return "", "", err
		}
	}
	if repo == "" {
		return "", "", &Error{Code: CodeNotFound, Field: "session_id", Message: "no session_id given and no archived conversation belongs to the working folder's repository"}
	}
	list, err := svc.Archive.ListSessions(ctx, archive.SearchFilter{RepoRoot: repo}, 1, 0)
	if err != nil {
		return "", "", internal("list sessions", err)
	}
	if len(list) == 0 {
		return "", "", &Error{Code: CodeNotFound, Field: "session_id", Message: "no session_id given and no archived conversation of " + repo}
	}
	return list[0].ID, "the latest conversation of " + repo, nil
}

// task gathers the conversations of a task and their evidence.
type task struct {
	host  *Host
	arch  *archive.Archive
	repo  string
	until time.Time
	ids   []string
	infos map[string]archive.SessionInfo
	links []TaskLink
	files map[string][]string     // session → files it edited
	made  map[string][]TaskCommit // session → commits it made
}

func (t *task) add(id string, link *TaskLink) {
	if slices.Contains(t.ids, id) {
		return
	}
	t.ids = append(t.ids, id)
	if link != nil {
		t.links = append(t.links, *link)
	}
}

// gather finds the task's conversations: root, the sessions its recorded
// links name (both ways) and those of the same work.
func (t *task) gather(ctx context.Context, root archive.SessionInfo) error {
	t.add(root.ID, nil)
	for _, l := range root.Links {
		if l.ParentID != "" {
			t.add(l.ParentID, &TaskLink{SessionID: l.ParentID, LinkedTo: root.ID, Relation: l.Relation, Evidence: linkEvidence(l.Evidence, l.Relation)})
		}
	}
	others, err := t.arch.ListSessions(ctx, archive.SearchFilter{RepoRoot: t.repo, IncludeSubagents: true}, 2000, 0)
	if err != nil {
		return internal("list sessions", err)
	}
	t.recorded(root, others)
	if t.repo == "" {
		return nil
	}
	edited, err := t.arch.EditedPaths(ctx, t.repo, "")
	if err != nil {
		return internal("edited paths", err)
	}
	t.files = map[string][]string{}
	for _, p := range edited {
		if !slices.Contains(t.files[p.SessionID], p.Path) {
			t.files[p.SessionID] = append(t.files[p.SessionID], p.Path)
		}
	}
	made, err := t.madeCommits(ctx)
	if err != nil {
		return err
	}
	for _, s := range others {
		if slices.Contains(t.ids, s.ID) || s.ParentID != "" {
			continue
		}
		if ev := continuedCommit(root, s, made); ev != "" {
			t.infos[s.ID] = s
			t.add(s.ID, &TaskLink{SessionID: s.ID, LinkedTo: root.ID, Relation: RelCommit, Evidence: ev})
		} else if ev := sameWork(root, s, t.files[root.ID], t.files[s.ID]); ev != "" {
			t.infos[s.ID] = s
			t.add(s.ID, &TaskLink{SessionID: s.ID, LinkedTo: root.ID, Relation: RelSameWork, Evidence: ev})
		}
	}
	return nil
}

// taskSessions bounds the conversations recorded links add to a task.
const taskSessions = 200

// recorded adds the conversations the recorded links tie to the task,
// transitively: the subagents and the resumed, continued and forked
// sessions of any of its conversations, and the sessions any of them came
// from (so that a resumed session's task holds the subagents of the
// session it resumed).
func (t *task) recorded(root archive.SessionInfo, others []archive.SessionInfo) {
	byID := map[string]archive.SessionInfo{root.ID: root}
	for _, s := range others {
		byID[s.ID] = s
	}
	for changed := true; changed && len(t.ids) < taskSessions; {
		changed = false
		for _, s := range others {
			if s.ID == root.ID || s.ParentID == "" {
				continue
			}
			child, parent := slices.Contains(t.ids, s.ID), slices.Contains(t.ids, s.ParentID)
			link := &TaskLink{SessionID: s.ID, LinkedTo: s.ParentID, Relation: s.Relation, Evidence: linkEvidence(s.LinkEvidence, s.Relation)}
			switch {
			case parent && !child:
				t.infos[s.ID] = s
				t.add(s.ID, link)
				changed = true
			case child && !parent:
				if p, ok := byID[s.ParentID]; ok {
					t.infos[p.ID] = p
				}
				t.add(s.ParentID, &TaskLink{SessionID: s.ParentID, LinkedTo: s.ID, Relation: s.Relation, Evidence: link.Evidence})
				changed = true
			}
		}
	}
}

// madeCommits returns the commits the repository's sessions made, by
// session, from the output of their git commands.
func (t *task) madeCommits(ctx context.Context) (map[string][]TaskCommit, error) {
	cmds, err := t.arch.RepoTestCommands(ctx, t.repo)
	if err != nil {
		return nil, internal("read commands", err)
	}
	out := map[string][]TaskCommit{}
	for _, c := range cmds {
		if !c.IsError && (t.until.IsZero() || c.Timestamp.Before(t.until)) {
			out[c.SessionID] = append(out[c.SessionID], madeCommits(c)...)
		}
	}
	t.made = out
	return out, nil
}

// continuedCommit says how one of a and b started at a commit the other
// made (the HEAD an agent recorded at its start); "" when neither did.
func continuedCommit(a, b archive.SessionInfo, made map[string][]TaskCommit) string {
	for _, pair := range [][2]archive.SessionInfo{{a, b}, {b, a}} {
		maker, starter := pair[0], pair[1]
		if starter.GitCommit == "" {
			continue
		}
		for _, c := range made[maker.ID] {
			if sameCommit(starter.GitCommit, c.Commit) {
				return fmt.Sprintf("%s started at commit %s, which %s made at message %d", starter.ID, c.Commit, maker.ID, c.MessageIndex)
			}
		}
	}
	return ""
}

func linkEvidence(ev, rel string) string {
	if ev != "" {
		return ev
	}
	return "recorded by the agent as " + strings.ReplaceAll(rel, "_", " ")
}

// sameWork says why b is of a's work: a branch in common (other than
// main or master), a file both edited, and times within linkWindow; ""
// when it is not.
func sameWork(a, b archive.SessionInfo, aFiles, bFiles []string) string {
	branch := ""
	for _, x := range a.Branches {
		if x != "main" && x != "master" && x != "" && slices.Contains(b.Branches, x) {
			branch = x
			break
		}
	}
	var shared []string
	for _, f := range aFiles {
		if slices.Contains(bFiles, f) {
			shared = append(shared, f)
		}
	}
	if branch == "" || len(shared) == 0 {
		return ""
	}
	aEnd, bEnd := endOf(a), endOf(b)
	if b.StartedAt.After(aEnd.Add(linkWindow)) || a.StartedAt.After(bEnd.Add(linkWindow)) {
		return ""
	}
	if len(shared) > 3 {
		shared = append(shared[:3], "…")
	}
	return "on branch " + branch + ", both edited " + strings.Join(shared, ", ") + ", within " + linkWindow.String() + " of each other"
}

func endOf(s archive.SessionInfo) time.Time {
	if s.EndedAt.IsZero() {
		return s.StartedAt
	}
	return s.EndedAt
}
