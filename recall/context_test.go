package recall

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"hansard/transcripts"
	"hansard/transcripts/codex"
)

func testWorkContext(t *testing.T, hw *historyWorld) {
	ctx := context.Background()

	r, err := hw.host.WorkContext(ctx, WorkContextRequest{SessionID: hw.s1.id}, Caller{})
	if err != nil {
		t.Fatal(err)
	}
	if r.SessionID != hw.s1.id || r.Default != "" {
		t.Errorf("session %s (%q), want %s", r.SessionID, r.Default, hw.s1.id)
	}
	if len(r.Sessions) != 3 || r.Sessions[0].SessionID != hw.s1.id || !slices.Contains(r.Sessions[0].Files, "lib/calc.go") ||
		r.Sessions[2].SessionID != codexContinued {
		t.Fatalf("sessions = %+v, want s1, its subagent, then the thread that started at its commit\n%s", r.Sessions, r.Text())
	}
	if len(r.Links) != 2 || r.Links[0].SessionID != r.Sessions[1].SessionID || r.Links[0].Relation != "subagent" || r.Links[0].LinkedTo != hw.s1.id || r.Links[0].Evidence == "" {
		t.Errorf("links = %+v, want the subagent's first", r.Links)
	}
	if l := r.Links[len(r.Links)-1]; l.SessionID != codexContinued || l.Relation != RelCommit || !strings.Contains(l.Evidence, "1a2b3c4") {
		t.Errorf("link = %+v, want the commit s1 made", l)
	}
	steps := map[string]string{}
	for _, s := range r.Steps {
		steps[s.Text] = s.Status
	}
	want := map[string]string{"Write Add": StepDone, "Write Mul": StepDone, "Write Pow": StepDropped, "Document it": StepOpen}
	for text, status := range want {
		if steps[text] != status {
			t.Errorf("step %q is %q, want %q (steps %+v)", text, steps[text], status, r.Steps)
		}
	}
	if len(r.Tests) != 2 || r.Tests[0].Outcome != TestFixed || r.Tests[1].Outcome != TestFlaky || r.Tests[0].SessionID != hw.s1.id {
		t.Errorf("tests = %+v, want fixed then flaky", r.Tests)
	}
	if len(r.Commits) != 1 || r.Commits[0].Commit != "1a2b3c4" || r.Commits[0].Summary != "Add and Mul" || r.Commits[0].MessageIndex != hw.commit {
		t.Errorf("commits = %+v", r.Commits)
	}
	if !strings.Contains(r.Text(), "[dropped] Write Pow") {
		t.Errorf("text:\n%s", r.Text())
	}

	t.Run("default", func(t *testing.T) {
		r, err := hw.host.WorkContext(ctx, WorkContextRequest{}, Caller{Dir: hw.repo.Dir})
		if err != nil {
			t.Fatal(err)
		}
		if r.SessionID != hw.s4.id || r.Default == "" || !r.Sessions[0].Live {
			t.Errorf("default session %s (%q), want the latest, live, %s", r.SessionID, r.Default, hw.s4.id)
		}
	})

	t.Run("budget", func(t *testing.T) {
		r, err := hw.host.WorkContext(ctx, WorkContextRequest{SessionID: hw.s1.id, TokenBudget: MinTokenBudget}, Caller{})
		if err != nil {
			t.Fatal(err)
		}
		if r.Truncated == 0 || r.Tokens > MinTokenBudget || len(r.Sessions) == 0 || r.Sessions[0].SessionID != hw.s1.id {
			t.Errorf("budget %d: %d tokens, truncated %d, sessions %+v", MinTokenBudget, r.Tokens, r.Truncated, r.Sessions)
		}
		prev := -1
		for _, n := range []int{300, 500, 1000, 4000, 20000} {
			r, err := hw.host.WorkContext(ctx, WorkContextRequest{SessionID: hw.s1.id, TokenBudget: n}, Caller{})
			if err != nil {
				t.Fatal(err)
			}
			if r.Tokens > n || (prev >= 0 && r.Truncated > prev) || (n == 20000 && r.Truncated != 0) {
				t.Errorf("budget %d: %d tokens, truncated %d (%d with less)", n, r.Tokens, r.Truncated, prev)
			}
			prev = r.Truncated
		}
	})

	t.Run("until", func(t *testing.T) {
		r, err := hw.host.WorkContext(ctx, WorkContextRequest{SessionID: hw.s1.id, Until: hw.base.Add(5 * 60e9).Format("2006-01-02T15:04:05Z")}, Caller{})
		if err != nil {
			t.Fatal(err)
		}
		if len(r.Tests) != 0 || len(r.Commits) != 0 {
			t.Errorf("until: tests %+v, commits %+v, want none yet", r.Tests, r.Commits)
		}
	})

	t.Run("unknown", func(t *testing.T) {
		_, err := hw.host.WorkContext(ctx, WorkContextRequest{SessionID: "ffffffff-no-such"}, Caller{})
		if ErrorCode(err) != CodeNotFound {
			t.Errorf("unknown session: %v, want not_found", err)
		}
	})
}

// TestWorkContextResumed: a Codex thread resumed from another has that one
// in its task, linked resumed_from with the recorded evidence.
func TestWorkContextResumed(t *testing.T) {
	t.Parallel()
	home := t.TempDir()
	day := filepath.Join(home, ".codex", "sessions", "2026", "04", "30")
	if err := os.MkdirAll(day, 0o700); err != nil {
		t.Fatal(err)
	}
	for name, id := range map[string]string{"resume-origin.jsonl": "0190aaaa-0000-7000-8000-0000000000e0", "resume.jsonl": "0190aaaa-0000-7000-8000-0000000000e1"} {
		b, err := os.ReadFile(filepath.Join("..", "fixtures", "codex", name))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(day, "rollout-2026-04-30T08-00-00-"+id+".jsonl"), b, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	env := map[string]string{"HOME": home, "HANSARD_HOME": filepath.Join(home, "archive")}
	h := NewHost(HostOptions{Getenv: func(k string) string { return env[k] }, Location: time.UTC, Providers: []transcripts.Provider{codex.Provider{}}})
	defer h.Close()
	r, err := h.WorkContext(context.Background(), WorkContextRequest{SessionID: "0190aaaa-0000-7000-8000-0000000000e1"}, Caller{})
	if err != nil {
		t.Fatal(err)
	}
	if len(r.Sessions) != 2 || r.SessionID != "0190aaaa-0000-7000-8000-0000000000e1" {
		t.Fatalf("sessions = %+v, want the resumed thread and its origin\n%s", r.Sessions, r.Text())
	}
	if len(r.Links) != 1 || r.Links[0].Relation != transcripts.RelResumedFrom || r.Links[0].SessionID != "0190aaaa-0000-7000-8000-0000000000e0" || r.Links[0].Evidence == "" {
		t.Errorf("links = %+v", r.Links)
	}
}
