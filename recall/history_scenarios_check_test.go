package recall

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"hansard/fixtures/bpe"
)

// check runs the queries of want.txt, each a line followed by its
// assertions indented by two spaces.
func (sc *scenario) check(t *testing.T, want string) {
	t.Helper()
	var query []string
	var asserts [][]string
	run := func() {
		if query != nil {
			sc.query(t, query, asserts)
		}
	}
	for _, line := range strings.Split(want, "\n") {
		switch {
		case strings.TrimSpace(line) == "" || strings.HasPrefix(strings.TrimSpace(line), "#"):
		case strings.HasPrefix(line, "  "):
			asserts = append(asserts, sc.fields(t, line))
		default:
			run()
			query, asserts = sc.fields(t, line), nil
		}
	}
	run()
}

// shortBudgets keeps, with -short (the race run), the smallest, middle
// and largest of the budgets.
func shortBudgets(b []string) []string {
	if !testing.Short() || len(b) <= 3 {
		return b
	}
	return []string{b[0], b[len(b)/2], b[len(b)-1]}
}

// options reads KEY=VALUE words.
func options(words []string) map[string]string {
	out := map[string]string{}
	for _, w := range words {
		if k, v, ok := strings.Cut(w, "="); ok {
			out[k] = v
		}
	}
	return out
}

func (sc *scenario) query(t *testing.T, q []string, asserts [][]string) {
	t.Helper()
	ctx := context.Background()
	opt := options(q[2:])
	budget, _ := strconv.Atoi(opt["budget"])
	name := strings.Join(q, " ")
	switch q[0] {
	case "code_history":
		req := CodeHistoryRequest{Path: q[1], Symbol: opt["symbol"], TokenBudget: budget}
		r, err := sc.host.CodeHistory(ctx, req, Scope{Dir: sc.repo.Dir})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, a := range asserts {
			if a[0] == "budgets" {
				sc.historyBudgets(t, req, shortBudgets(a[1:]))
				continue
			}
			if msg := sc.assertHistory(t, r, a); msg != "" {
				t.Errorf("%s: %s: %s\n%s", name, strings.Join(a, " "), msg, r.Text())
			}
		}
	case "work_context":
		req := WorkContextRequest{SessionID: sc.ids[q[1]], TokenBudget: budget}
		r, err := sc.host.WorkContext(ctx, req, Caller{})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, a := range asserts {
			if a[0] == "budgets" {
				sc.contextBudgets(t, req, shortBudgets(a[1:]))
				continue
			}
			if msg := sc.assertContext(t, r, a); msg != "" {
				t.Errorf("%s: %s: %s\n%s", name, strings.Join(a, " "), msg, r.Text())
			}
		}
	default:
		t.Fatalf("unknown query %q", q[0])
	}
}

// expand replaces {NAME} by a session's id, {NAME LABEL} by a message
// index, {LABEL} of a commit by its short id.
func (sc *scenario) expand(s string) string {
	for {
		i := strings.Index(s, "{")
		j := strings.Index(s, "}")
		if i < 0 || j < i {
			return s
		}
		key, v := s[i+1:j], ""
		if id, ok := sc.ids[key]; ok {
			v = id
		} else if n, ok := sc.index[key]; ok {
			v = strconv.Itoa(n)
		} else if c, ok := sc.commits[key]; ok {
			v = shortSHA(c)
		} else {
			v = "?" + key + "?"
		}
		s = s[:i] + v + s[j+1:]
	}
}

// idx is the message index of a session's label.
func (sc *scenario) idx(session, label string) int {
	n, ok := sc.index[session+" "+label]
	if !ok {
		return -1000
	}
	return n
}

func (sc *scenario) names(ids []string) []string {
	var out []string
	for _, id := range ids {
		name := id
		for n, v := range sc.ids {
			if v == id {
				name = n
			}
		}
		out = append(out, name)
	}
	return out
}

// assertHistory checks one assertion on a code_history answer; "" when it
// holds.
func (sc *scenario) assertHistory(t *testing.T, r CodeHistoryResponse, a []string) string {
	t.Helper()
	session := func(name string) *HistorySession {
		for i := range r.Sessions {
			if r.Sessions[i].SessionID == sc.ids[name] {
				return &r.Sessions[i]
			}
		}
		return nil
	}
	var ids []string
	for _, s := range r.Sessions {
		ids = append(ids, s.SessionID)
	}
	switch a[0] {
	case "sessions": // sessions NAME...: exactly these, in this order
		if got := sc.names(ids); !slices.Equal(got, a[1:]) {
			return fmt.Sprintf("sessions %v", got)
		}
	case "edit": // edit NAME LABEL [commit=C] [uncommitted] [path=P] [attributed=STATUS]
		s := session(a[1])
		if s == nil {
			return "no such session"
		}
		o := options(a[3:])
		for _, e := range s.Edits {
			if e.MessageIndex != sc.idx(a[1], a[2]) {
				continue
			}
			switch {
			case o["commit"] != "" && e.Commit != sc.commits[o["commit"]]:
				return "commit " + e.Commit
			case slices.Contains(a, "uncommitted") != e.Uncommitted:
				return fmt.Sprintf("uncommitted %v", e.Uncommitted)
			case o["path"] != "" && e.Path != o["path"]:
				return "path " + e.Path
			case o["attributed"] != e.Attributed:
				return "attributed " + e.Attributed
			}
			return ""
		}
		return fmt.Sprintf("no edit #%d in %+v", sc.idx(a[1], a[2]), s.Edits)
	case "edits": // edits NAME N: how many edits the session has
		s := session(a[1])
		if n, _ := strconv.Atoi(a[2]); s == nil || len(s.Edits) != n {
			return fmt.Sprintf("edits %+v", s)
		}
	case "revert": // revert NAME LABEL KIND (git_revert BY OF | removed BY | undone NAME2 LABEL2)
		s := session(a[1])
		if s == nil {
			return "no such session"
		}
		for _, rv := range s.Reverts {
			if rv.MessageIndex != sc.idx(a[1], a[2]) || rv.Kind != a[3] {
				continue
			}
			switch rv.Kind {
			case RevertGit:
				if rv.Commit == sc.commits[a[4]] && rv.RevertedCommit == sc.commits[a[5]] {
					return ""
				}
			case RevertRemoved:
				if rv.Commit == sc.commits[a[4]] {
					return ""
				}
			case RevertUndone:
				if rv.SessionID == sc.ids[a[4]] && rv.UndoMessageIndex != nil && *rv.UndoMessageIndex == sc.idx(a[4], a[5]) {
					return ""
				}
			}
			return fmt.Sprintf("revert %+v", rv)
		}
		return fmt.Sprintf("no such revert in %+v", s.Reverts)
	case "noreverts": // noreverts NAME
		if s := session(a[1]); s == nil || len(s.Reverts) > 0 {
			return fmt.Sprintf("reverts %+v", s)
		}
	case "test": // test NAME OUTCOME FAILED [passed=LABEL] [fixes=LABEL,LABEL]
		s := session(a[1])
		if s == nil {
			return "no such session"
		}
		return sc.assertTest(a, s.Tests)
	case "tests": // tests NAME N
		s := session(a[1])
		if n, _ := strconv.Atoi(a[2]); s == nil || len(s.Tests) != n {
			return fmt.Sprintf("tests %+v", s)
		}
	case "paths":
		if !slices.Equal(r.Paths, a[1:]) {
			return fmt.Sprintf("paths %v", r.Paths)
		}
	case "symbol": // symbol NAME START END
		if s := r.Symbol; s == nil || s.Name != a[1] || strconv.Itoa(s.StartLine) != a[2] || strconv.Itoa(s.EndLine) != a[3] {
			return fmt.Sprintf("symbol %+v", r.Symbol)
		}
	case "line": // line STATUS NAME LABEL
		at := r.Attribution
		if at == nil || at.Status != a[1] || at.Edit == nil || at.Edit.SessionID != sc.ids[a[2]] || at.Edit.MessageIndex != sc.idx(a[2], a[3]) {
			return fmt.Sprintf("attribution %+v", at)
		}
	case "memory", "memories", "nomemory":
		return sc.assertMemories(a, r.Memories)
	case "truncated":
		if strconv.Itoa(r.Truncated) != a[1] {
			return fmt.Sprintf("truncated %d", r.Truncated)
		}
	case "text": // text STRING: the text tree holds it ({…} expanded)
		if !strings.Contains(r.Text(), sc.expand(a[1])) {
			return "text lacks " + sc.expand(a[1])
		}
	default:
		t.Fatalf("unknown assertion %q", a[0])
	}
	return ""
}

func (sc *scenario) assertTest(a []string, tests []HistoryTest) string {
	o := options(a[4:])
	for _, x := range tests {
		if x.Outcome != a[2] || x.FailedMessageIndex != sc.idx(a[1], a[3]) {
			continue
		}
		if p := o["passed"]; (p == "") != (x.PassedMessageIndex == nil) || (p != "" && *x.PassedMessageIndex != sc.idx(a[1], p)) {
			return fmt.Sprintf("passed %+v", x)
		}
		var fixes []int
		if o["fixes"] != "" {
			for _, l := range strings.Split(o["fixes"], ",") {
				fixes = append(fixes, sc.idx(a[1], l))
			}
		}
		if !slices.Equal(fixes, x.FixMessageIndexes) {
			return fmt.Sprintf("fixes %v", x.FixMessageIndexes)
		}
		return ""
	}
	return fmt.Sprintf("no such test in %+v", tests)
}

// assertMemories: memory SOURCE LINE NAMES NAME (cited), nomemory SOURCE
// LINE (not cited), memories SOURCE:LINE... (exactly these, in order).
func (sc *scenario) assertMemories(a []string, ms []MemoryCitation) string {
	rel := func(m MemoryCitation) string { return strings.TrimPrefix(m.Source, sc.repo.Dir+"/") }
	switch a[0] {
	case "memories":
		var got []string
		for _, m := range ms {
			got = append(got, fmt.Sprintf("%s:%d", rel(m), m.Line))
		}
		if !slices.Equal(got, a[1:]) {
			return fmt.Sprintf("memories %v", got)
		}
		return ""
	case "nomemory":
		for _, m := range ms {
			if rel(m) == a[1] && strconv.Itoa(m.Line) == a[2] {
				return fmt.Sprintf("cited %+v", m)
			}
		}
		return ""
	}
	for _, m := range ms {
		if rel(m) == a[1] && strconv.Itoa(m.Line) == a[2] {
			if m.Names != a[3] || m.Name != a[4] || m.MemoryID == "" || m.Text == "" {
				return fmt.Sprintf("citation %+v", m)
			}
			return ""
		}
	}
	return fmt.Sprintf("no citation of %s:%s in %+v", a[1], a[2], ms)
}

// assertContext checks one assertion on a work_context answer.
func (sc *scenario) assertContext(t *testing.T, r WorkContextResponse, a []string) string {
	t.Helper()
	var ids []string
	for _, s := range r.Sessions {
		ids = append(ids, s.SessionID)
	}
	switch a[0] {
	case "sessions":
		if got := sc.names(ids); !slices.Equal(got, a[1:]) {
			return fmt.Sprintf("sessions %v", got)
		}
	case "link": // link NAME RELATION TO
		for _, l := range r.Links {
			if l.SessionID == sc.ids[a[1]] && l.Relation == a[2] && l.LinkedTo == sc.ids[a[3]] && l.Evidence != "" {
				return ""
			}
		}
		return fmt.Sprintf("links %+v", r.Links)
	case "links":
		if strconv.Itoa(len(r.Links)) != a[1] {
			return fmt.Sprintf("links %+v", r.Links)
		}
	case "step": // step TEXT STATUS NAME LABEL
		for _, s := range r.Steps {
			if s.Text == a[1] {
				if s.Status != a[2] || s.SessionID != sc.ids[a[3]] || s.MessageIndex != sc.idx(a[3], a[4]) {
					return fmt.Sprintf("step %+v", s)
				}
				return ""
			}
		}
		return fmt.Sprintf("no such step in %+v", r.Steps)
	case "steps":
		if strconv.Itoa(len(r.Steps)) != a[1] {
			return fmt.Sprintf("steps %+v", r.Steps)
		}
	case "test": // test NAME OUTCOME FAILED [passed=LABEL] [fixes=…]
		var tests []HistoryTest
		for _, x := range r.Tests {
			if x.SessionID == sc.ids[a[1]] {
				tests = append(tests, x.HistoryTest)
			}
		}
		return sc.assertTest(a, tests)
	case "commit": // commit NAME LABEL SUMMARY
		for _, c := range r.Commits {
			if c.SessionID == sc.ids[a[1]] && c.MessageIndex == sc.idx(a[1], a[2]) && c.Summary == a[3] {
				return ""
			}
		}
		return fmt.Sprintf("commits %+v", r.Commits)
	case "memory", "memories", "nomemory":
		return sc.assertMemories(a, r.Memories)
	case "truncated":
		if strconv.Itoa(r.Truncated) != a[1] {
			return fmt.Sprintf("truncated %d", r.Truncated)
		}
	case "text":
		if !strings.Contains(r.Text(), sc.expand(a[1])) {
			return "text lacks " + sc.expand(a[1])
		}
	default:
		t.Fatalf("unknown assertion %q", a[0])
	}
	return ""
}

// withinBudget checks an answer's size: its count within the budget, and
// (but with -short) the real encodings' count of its JSON within 10 % more.
func withinBudget(t *testing.T, v any, tokens, budget int) string {
	b, err := json.Marshal(v)
	if err != nil {
		return err.Error()
	}
	if tokens > budget {
		return fmt.Sprintf("%d tokens over a budget of %d", tokens, budget)
	}
	if testing.Short() { // the race run: loading the rank tables costs most of it
		return ""
	}
	for _, enc := range bpe.Encodings {
		if n := bpe.Count(t, enc, string(b)); float64(n) > 1.1*float64(budget) {
			return fmt.Sprintf("%s counts %d tokens, budget %d", enc, n, budget)
		}
	}
	return ""
}

// historyBudgets answers req at each budget and checks the answer against
// the whole history: within the budget, the sessions a prefix of the
// whole's (newest first; the last one cut to its latest edits), and
// truncated counting what is missing: sessions, the edits of a cut one,
// importers, the line's earlier writers and memories (none of which is
// kept when the direct evidence was cut).
func (sc *scenario) historyBudgets(t *testing.T, req CodeHistoryRequest, budgets []string) {
	t.Helper()
	ctx := context.Background()
	req.TokenBudget = MaxTokenBudget
	full, err := sc.host.CodeHistory(ctx, req, Scope{Dir: sc.repo.Dir})
	if err != nil || full.Truncated != 0 {
		t.Fatalf("whole history: %v, truncated %d", err, full.Truncated)
	}
	for _, b := range budgets {
		req.TokenBudget, _ = strconv.Atoi(b)
		r, err := sc.host.CodeHistory(ctx, req, Scope{Dir: sc.repo.Dir})
		if err != nil {
			t.Fatalf("budget %s: %v", b, err)
		}
		fail := func(format string, args ...any) {
			t.Errorf("code_history %s budget %s: %s\n%s", req.Path, b, fmt.Sprintf(format, args...), r.Text())
		}
		if msg := withinBudget(t, r, r.Tokens, req.TokenBudget); msg != "" {
			fail("%s", msg)
		}
		missing := len(full.Sessions) - len(r.Sessions) + len(full.Importers) - len(r.Importers) + len(full.Memories) - len(r.Memories)
		if full.Attribution != nil {
			missing += len(full.Attribution.Chain) - len(r.Attribution.Chain)
		}
		for i, s := range r.Sessions {
			whole := full.Sessions[i]
			if s.SessionID != whole.SessionID {
				fail("session %d is %s, want %s (newest first)", i, s.SessionID, whole.SessionID)
				break
			}
			if len(s.Edits) == len(whole.Edits) {
				continue
			}
			if i != len(r.Sessions)-1 || !slices.Equal(s.Edits, whole.Edits[len(whole.Edits)-len(s.Edits):]) {
				fail("session %s cut to %d edits: only the last may be, to its latest", s.SessionID, len(s.Edits))
			}
			missing += len(whole.Edits) - len(s.Edits) // its edits count, not the session
		}
		if r.Truncated != missing {
			fail("truncated %d, want %d", r.Truncated, missing)
		}
		if len(r.Memories) > 0 && (len(r.Sessions) < len(full.Sessions) || len(r.Importers) < len(full.Importers)) {
			fail("memories kept while direct evidence was cut")
		}
	}
}

// contextBudgets is historyBudgets for work_context: the session itself
// kept first, nothing kept that the whole lacks, truncated counting what
// is missing, memories only when nothing else was cut.
func (sc *scenario) contextBudgets(t *testing.T, req WorkContextRequest, budgets []string) {
	t.Helper()
	ctx := context.Background()
	req.TokenBudget = MaxTokenBudget
	full, err := sc.host.WorkContext(ctx, req, Caller{})
	if err != nil || full.Truncated != 0 {
		t.Fatalf("whole context: %v, truncated %d", err, full.Truncated)
	}
	for _, b := range budgets {
		req.TokenBudget, _ = strconv.Atoi(b)
		r, err := sc.host.WorkContext(ctx, req, Caller{})
		if err != nil {
			t.Fatalf("budget %s: %v", b, err)
		}
		fail := func(format string, args ...any) {
			t.Errorf("work_context budget %s: %s\n%s", b, fmt.Sprintf(format, args...), r.Text())
		}
		if msg := withinBudget(t, r, r.Tokens, req.TokenBudget); msg != "" {
			fail("%s", msg)
		}
		if len(full.Sessions) > 0 && len(r.Sessions) > 0 && !slices.ContainsFunc(r.Sessions, func(s TaskSession) bool { return s.SessionID == r.SessionID }) {
			fail("the session itself was left out")
		}
		missing := len(full.Sessions) - len(r.Sessions) + len(full.Links) - len(r.Links) + len(full.Steps) - len(r.Steps) +
			len(full.Tests) - len(r.Tests) + len(full.Commits) - len(r.Commits) + len(full.Memories) - len(r.Memories)
		if r.Truncated != missing {
			fail("truncated %d, want %d", r.Truncated, missing)
		}
		for _, s := range r.Steps {
			if !slices.Contains(full.Steps, s) {
				fail("step %+v is not the whole's", s)
			}
		}
		if len(r.Memories) > 0 && missing > len(full.Memories)-len(r.Memories) {
			fail("memories kept while direct evidence was cut")
		}
	}
}
