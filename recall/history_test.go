package recall

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"hansard/provenance/gitrepo/gittest"
	"hansard/symbols"
	"hansard/transcripts"
	"hansard/transcripts/claude"
	"hansard/transcripts/codex"
)

// historyWorld is a repository whose file lib/calc.go (renamed lib/math.go)
// four sessions edited: s1 wrote it (a test failing then fixed by an
// edit, another failing then passing with no edit), s2 added Sub (a git
// revert took it out), s3 added Div after the rename and s4, still being
// written, took it out again before a commit. Then a person renamed Mul to
// Times and rewrote its body; s5 wrote Neg into lib/util.go, and a person
// moved it into lib/math.go.
type historyWorld struct {
	host             *Host
	env              map[string]string // the host's environment
	w                *world
	repo             *gittest.Repo
	s1, s2, s3, s4   *convo
	write, mul       int // s1's edits
	sub, div, undo   int // s2's, s3's and s4's
	failed, passed   int // s1's fixed test
	commit           int // s1's git commit
	flakyF, flakyP   int // s1's flaky test
	c1, c2, revert   string
	rename, c5, c6   string
	c7, c8           string // a person renamed Mul to Times, then rewrote its body
	s5               *convo // wrote Neg into lib/util.go, which a person moved into math.go
	neg              int
	c9, c10          string
	betweenC1AndC2   time.Time
	base, lastActive time.Time
}

const calcV1 = `package lib

// Add returns the sum of a and b.
func Add(a, b int) int {
	sum := a + b
	return sum
}
`

const mulFunc = `
// Mul returns the product of a and b.
func Mul(a, b int) int {
	product := a * b
	return product
}
`

const subFunc = `
// Sub returns the difference of a and b.
func Sub(a, b int) int {
	difference := a - b
	return difference
}
`

const timesFunc = `
// Times returns the product of a and b.
func Times(a, b int) int {
	return a * b
}
`

const negFunc = `
// Neg returns the negation of a.
func Neg(a int) int {
	negated := -a
	return negated
}
`

const divFunc = `
// Div returns the quotient of a and b.
func Div(a, b int) int {
	quotient := a / b
	return quotient
}
`

func newHistoryWorld(t *testing.T) *historyWorld {
	t.Helper()
	base := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	r := gittest.New(t)
	w := &world{t: t, home: t.TempDir(), repoA: r.Dir}
	hw := &historyWorld{repo: r, base: base, w: w}
	calc := filepath.Join(r.Dir, "lib", "calc.go")
	math := filepath.Join(r.Dir, "lib", "math.go")

	r.Now = base
	r.Write("go.mod", "module example.com/m\n\ngo 1.22\n")
	r.Write("main.go", "package main\n\nimport \"example.com/m/lib\"\n\nfunc main() { println(lib.Add(1, 2)) }\n")
	r.Write("lib/calc.go", "package lib\n")
	r.Commit("Start")

	hw.s1 = w.session(1, r.Dir, base.Add(time.Minute))
	hw.s1.user("Write an adder in lib/calc.go")
	hw.s1.tool("TodoWrite", map[string]any{"todos": []any{
		map[string]any{"content": "Write Add", "status": "in_progress", "activeForm": "Writing Add"},
		map[string]any{"content": "Write Mul", "status": "pending", "activeForm": "Writing Mul"},
		map[string]any{"content": "Write Pow", "status": "pending", "activeForm": "Writing Pow"}}}, "Todos have been modified successfully", false)
	hw.write, _ = hw.s1.tool("Write", map[string]any{"file_path": calc, "content": calcV1}, "File created successfully at: "+calc, false)
	hw.failed, _ = hw.s1.bash("go test ./...", "--- FAIL: TestMul\nFAIL\texample.com/m/lib", true)
	hw.mul, _ = hw.s1.edit(calc, "\treturn sum\n}\n", "\treturn sum\n}\n"+mulFunc)
	hw.passed, _ = hw.s1.bash("go test ./...", "ok  \texample.com/m/lib\t0.01s", false)
	hw.flakyF, _ = hw.s1.bash("go test -run TestNetwork ./...", "--- FAIL: TestNetwork (timeout)\nFAIL", true)
	hw.flakyP, _ = hw.s1.bash("go test -run TestNetwork ./...", "ok  \texample.com/m/lib\t0.20s", false)
	hw.s1.tool("TodoWrite", map[string]any{"todos": []any{
		map[string]any{"content": "Write Add", "status": "completed", "activeForm": "Writing Add"},
		map[string]any{"content": "Write Mul", "status": "completed", "activeForm": "Writing Mul"},
		map[string]any{"content": "Document it", "status": "pending", "activeForm": "Documenting it"}}}, "Todos have been modified successfully", false)
	hw.commit, _ = hw.s1.bash("git commit -am 'Add and Mul'", "[main 1a2b3c4] Add and Mul\n 1 file changed, 12 insertions(+)", false)
	sub := hw.s1.subagent("a1b2c3")
	sub.user("Check the adder for overflow")
	sub.assistant("No overflow for int.")
	r.Write("lib/calc.go", calcV1+mulFunc)
	r.Now = base.Add(30 * time.Minute)
	hw.c1 = r.Commit("Add and Mul")
	hw.betweenC1AndC2 = base.Add(35 * time.Minute)

	hw.s2 = w.session(2, r.Dir, base.Add(40*time.Minute))
	hw.s2.user("Add Sub")
	hw.sub, _ = hw.s2.edit(calc, "\treturn product\n}\n", "\treturn product\n}\n"+subFunc)
	r.Write("lib/calc.go", calcV1+mulFunc+subFunc)
	r.Now = base.Add(50 * time.Minute)
	hw.c2 = r.Commit("Add Sub")
	hw.revert = func() string { r.Git("revert", "--no-edit", hw.c2); return r.Git("rev-parse", "HEAD") }()

	r.Now = base.Add(60 * time.Minute)
	r.Git("mv", "lib/calc.go", "lib/math.go")
	hw.rename = r.Commit("Rename calc to math")

	hw.s3 = w.session(3, r.Dir, base.Add(70*time.Minute))
	hw.s3.user("Add Div")
	hw.div, _ = hw.s3.edit(math, "\treturn product\n}\n", "\treturn product\n}\n"+divFunc)
	r.Write("lib/math.go", calcV1+mulFunc+divFunc)
	r.Now = base.Add(80 * time.Minute)
	hw.c5 = r.Commit("Add Div")

	hw.s4 = w.session(4, r.Dir, base.Add(90*time.Minute))
	hw.s4.user("Div panics on zero: take it out")
	hw.undo, _ = hw.s4.edit(math, "\treturn product\n}\n"+divFunc, "\treturn product\n}\n")
	r.Write("lib/math.go", calcV1+mulFunc)
	r.Now = base.Add(100 * time.Minute)
	hw.c6 = r.Commit("Remove Div")
	r.Write("lib/math.go", calcV1+strings.ReplaceAll(mulFunc, "Mul", "Times"))
	hw.c7 = r.Commit("Rename Mul to Times")
	r.Write("lib/math.go", calcV1+timesFunc)
	hw.c8 = r.Commit("Times in one line")

	hw.s5 = w.session(5, r.Dir, base.Add(84*time.Minute))
	hw.s5.user("Add Neg to lib/util.go")
	util := filepath.Join(r.Dir, "lib", "util.go")
	hw.neg, _ = hw.s5.tool("Write", map[string]any{"file_path": util, "content": "package lib\n" + negFunc}, "File created successfully at: "+util, false)
	r.Write("lib/util.go", "package lib\n"+negFunc)
	r.Now = base.Add(110 * time.Minute)
	hw.c9 = r.Commit("Add Neg")
	r.Write("lib/math.go", calcV1+timesFunc+negFunc)
	r.Git("rm", "-q", "lib/util.go")
	hw.c10 = r.Commit("Move Neg into math.go")
	hw.lastActive = hw.s4.at

	for _, c := range w.convos {
		c.flush()
	}
	dir := t.TempDir()
	writeRollout(t, dir, codexContinued, r.Dir, base.Add(25*time.Minute), "1a2b3c4d5e6f708192a3b4c5d6e7f80912a3b4c5")
	env := map[string]string{"HOME": dir, "CLAUDE_CONFIG_DIR": w.home, "HANSARD_HOME": filepath.Join(dir, "archive")}
	hw.env = env
	hw.host = hw.newHost()
	t.Cleanup(func() { hw.host.Close() })
	return hw
}

// newHost returns a Host over the world's archive, its clock two minutes
// after the last session's activity.
func (hw *historyWorld) newHost() *Host {
	now := hw.lastActive.Add(2 * time.Minute)
	return NewHost(HostOptions{Getenv: func(k string) string { return hw.env[k] }, Location: time.UTC, Now: func() time.Time { return now },
		Providers: []transcripts.Provider{claude.New(), codex.Provider{}}})
}

// codexContinued is a Codex thread that started at the commit s1 made.
const codexContinued = "0190bbbb-0000-7000-8000-0000000000c1"

// writeRollout writes a one-prompt Codex rollout under home, started in cwd
// at the given HEAD commit.
func writeRollout(t *testing.T, home, id, cwd string, at time.Time, head string) {
	t.Helper()
	day := filepath.Join(home, ".codex", "sessions", at.Format("2006"), at.Format("01"), at.Format("02"))
	if err := os.MkdirAll(day, 0o700); err != nil {
		t.Fatal(err)
	}
	ts := at.Format("2006-01-02T15:04:05.000Z")
	lines := []map[string]any{
		{"timestamp": ts, "type": "session_meta", "payload": map[string]any{"id": id, "timestamp": ts, "cwd": cwd,
			"originator": "codex-tui", "cli_version": "0.125.0", "source": "cli", "git": map[string]any{"commit_hash": head, "branch": "main"}}},
		{"timestamp": ts, "type": "response_item", "payload": map[string]any{"type": "message", "role": "user",
			"content": []any{map[string]any{"type": "input_text", "text": "carry on from the adder"}}}},
	}
	var b strings.Builder
	for _, l := range lines {
		j, _ := json.Marshal(l)
		b.Write(append(j, '\n'))
	}
	name := "rollout-" + at.Format("2006-01-02T15-04-05") + "-" + id + ".jsonl"
	if err := os.WriteFile(filepath.Join(day, name), []byte(b.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(filepath.Join(day, name), at, at); err != nil { // written then, not now
		t.Fatal(err)
	}
}

func (hw *historyWorld) history(t *testing.T, req CodeHistoryRequest) CodeHistoryResponse {
	t.Helper()
	resp, err := hw.host.CodeHistory(context.Background(), req, Scope{Dir: hw.repo.Dir})
	if err != nil {
		t.Fatalf("CodeHistory(%+v): %v", req, err)
	}
	return resp
}

func sessionIDs(ss []HistorySession) []string {
	var out []string
	for _, s := range ss {
		out = append(out, s.SessionID)
	}
	return out
}

func findSession(t *testing.T, r CodeHistoryResponse, id string) HistorySession {
	t.Helper()
	for _, s := range r.Sessions {
		if s.SessionID == id {
			return s
		}
	}
	t.Fatalf("no session %s in %v", id, sessionIDs(r.Sessions))
	return HistorySession{}
}

// TestHistories answers code_history and work_context over one world.
func TestHistories(t *testing.T) {
	t.Parallel()
	hw := newHistoryWorld(t)
	t.Run("code_history", func(t *testing.T) { testCodeHistory(t, hw) })
	t.Run("work_context", func(t *testing.T) { testWorkContext(t, hw) })
	t.Run("symbol_cache", func(t *testing.T) { testSymbolCache(t, hw) })
	t.Run("stats", func(t *testing.T) { testStats(t, hw) })
}

func testCodeHistory(t *testing.T, hw *historyWorld) {

	t.Run("file", func(t *testing.T) {
		r := hw.history(t, CodeHistoryRequest{Path: "lib/math.go"})
		want := []string{hw.s4.id, hw.s5.id, hw.s3.id, hw.s2.id, hw.s1.id}
		if got := sessionIDs(r.Sessions); !slices.Equal(got, want) {
			t.Fatalf("sessions = %v, want newest first %v\n%s", got, want, r.Text())
		}
		if e := findSession(t, r, hw.s5.id).Edits; len(e) != 1 || e[0].MessageIndex != hw.neg || e[0].Path != "lib/util.go" ||
			e[0].Attributed == "" || e[0].Lines < 3 || e[0].Commit != hw.c9 {
			t.Errorf("s5 = %+v, want its Write of util.go, which why names for Neg's lines, carried by %s", e, hw.c9)
		}
		if !slices.Equal(r.Paths, []string{"lib/calc.go"}) {
			t.Errorf("paths = %v, want the name before the rename", r.Paths)
		}
		s1 := findSession(t, r, hw.s1.id)
		if len(s1.Edits) != 2 || s1.Edits[0].MessageIndex != hw.write || s1.Edits[1].MessageIndex != hw.mul {
			t.Errorf("s1 edits = %+v, want #%d and #%d", s1.Edits, hw.write, hw.mul)
		}
		if len(s1.Commits) != 1 || s1.Commits[0].Commit != hw.c1 || s1.Edits[0].Commit != hw.c1 {
			t.Errorf("s1 commits = %+v, want %s", s1.Commits, hw.c1)
		}
		if s1.Live || !findSession(t, r, hw.s4.id).Live {
			t.Errorf("only s4 is live: s1 %v, s4 %v", s1.Live, findSession(t, r, hw.s4.id).Live)
		}
		if len(r.Importers) != 1 || r.Importers[0].Path != "main.go" {
			if symbols.Available() {
				t.Errorf("importers = %+v, want main.go", r.Importers)
			}
		}
		a, err := hw.host.Archive(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if _, ok, err := a.LoadCached(context.Background(), addedCacheKind, r.Repo, r.Path, ""); !ok || err != nil {
			t.Errorf("the lines the file's commits added are not kept for the next history (%v)", err)
		}
		if r.Truncated != 0 || r.Tokens > r.TokenBudget || r.TokenBudget != DefaultTokenBudget {
			t.Errorf("tokens %d of %d, truncated %d", r.Tokens, r.TokenBudget, r.Truncated)
		}
	})

	t.Run("tests", func(t *testing.T) {
		s1 := findSession(t, hw.history(t, CodeHistoryRequest{Path: "lib/math.go"}), hw.s1.id)
		if len(s1.Tests) != 2 {
			t.Fatalf("tests = %+v, want a fixed and a flaky one", s1.Tests)
		}
		fixed, flaky := s1.Tests[0], s1.Tests[1]
		if fixed.Outcome != TestFixed || fixed.FailedMessageIndex != hw.failed || *fixed.PassedMessageIndex != hw.passed ||
			!slices.Equal(fixed.FixMessageIndexes, []int{hw.mul}) {
			t.Errorf("fixed = %+v", fixed)
		}
		if flaky.Outcome != TestFlaky || flaky.FailedMessageIndex != hw.flakyF || *flaky.PassedMessageIndex != hw.flakyP {
			t.Errorf("flaky = %+v", flaky)
		}
	})

	t.Run("reverts", func(t *testing.T) {
		r := hw.history(t, CodeHistoryRequest{Path: "lib/math.go"})
		s2 := findSession(t, r, hw.s2.id)
		if len(s2.Reverts) != 1 || s2.Reverts[0].Kind != RevertGit || s2.Reverts[0].Commit != hw.revert || s2.Reverts[0].RevertedCommit != hw.c2 {
			t.Errorf("s2 reverts = %+v, want the git revert %s of %s", s2.Reverts, hw.revert, hw.c2)
		}
		if s4 := findSession(t, r, hw.s4.id); s4.Edits[0].Commit != hw.c6 || len(s4.Commits) != 1 {
			t.Errorf("s4's edit only took lines out; carried by %q, want %s", s4.Edits[0].Commit, hw.c6)
		}
		s3 := findSession(t, r, hw.s3.id)
		var kinds []string
		for _, rv := range s3.Reverts {
			kinds = append(kinds, rv.Kind)
			if rv.Kind == RevertUndone && (rv.SessionID != hw.s4.id || *rv.UndoMessageIndex != hw.undo) {
				t.Errorf("undone by %s #%d, want s4 #%d", rv.SessionID, *rv.UndoMessageIndex, hw.undo)
			}
			if rv.Kind == RevertRemoved && rv.Commit != hw.c6 {
				t.Errorf("removed by %s, want %s", rv.Commit, hw.c6)
			}
		}
		if !slices.Equal(kinds, []string{RevertRemoved, RevertUndone}) {
			t.Errorf("s3 reverts = %+v", s3.Reverts)
		}
		if rv := findSession(t, r, hw.s1.id).Reverts; len(rv) != 1 || rv[0].Kind != RevertRemoved || rv[0].MessageIndex != hw.mul || rv[0].Commit != hw.c8 {
			t.Errorf("s1 reverts = %+v, want Mul's lines removed by %s", rv, hw.c8)
		}
	})

	t.Run("line", func(t *testing.T) {
		r := hw.history(t, CodeHistoryRequest{Path: "lib/math.go:5"})
		if r.Attribution == nil || r.Attribution.Edit == nil || r.Attribution.Edit.SessionID != hw.s1.id || r.Attribution.Edit.MessageIndex != hw.write {
			t.Fatalf("attribution = %+v, want s1 #%d", r.Attribution, hw.write)
		}
		if got := sessionIDs(r.Sessions); !slices.Equal(got, []string{hw.s1.id}) {
			t.Errorf("sessions = %v, want the line's writer only", got)
		}
		if r.Importers != nil {
			t.Errorf("a line lists no importers")
		}
	})

	t.Run("symbol", func(t *testing.T) {
		if !symbols.Available() {
			_, err := hw.host.CodeHistory(context.Background(), CodeHistoryRequest{Path: "lib/math.go", Symbol: "Times"}, Scope{Dir: hw.repo.Dir})
			if ErrorCode(err) != CodeInvalidArgument {
				t.Fatalf("without cgo: %v, want invalid_argument", err)
			}
			return
		}
		// Times is Mul renamed, then rewritten: none of its lines is s1's.
		r := hw.history(t, CodeHistoryRequest{Path: "lib/math.go", Symbol: "Times"})
		if r.Symbol == nil || r.Symbol.Name != "Times" || r.Symbol.StartLine != 10 {
			t.Errorf("symbol = %+v", r.Symbol)
		}
		if got := sessionIDs(r.Sessions); !slices.Equal(got, []string{hw.s1.id}) {
			t.Fatalf("sessions = %v, want s1 only\n%s", got, r.Text())
		}
		if s := r.Sessions[0]; len(s.Edits) != 1 || s.Edits[0].MessageIndex != hw.mul {
			t.Errorf("edits = %+v, want the edit that wrote Mul", s.Edits)
		}
		if r := hw.history(t, CodeHistoryRequest{Path: "lib/math.go:Times"}); r.Symbol == nil || r.Symbol.Name != "Times" || len(r.Sessions) != 1 {
			t.Errorf("lib/math.go:Times = %+v, want the symbol's history", r.Symbol)
		}
		_, err := hw.host.CodeHistory(context.Background(), CodeHistoryRequest{Path: "lib/math.go", Symbol: "Nope"}, Scope{Dir: hw.repo.Dir})
		if ErrorCode(err) != CodeNotFound {
			t.Errorf("unknown symbol: %v, want not_found", err)
		}
	})

	t.Run("until", func(t *testing.T) {
		r := hw.history(t, CodeHistoryRequest{Path: "lib/math.go", Until: hw.betweenC1AndC2.Format(time.RFC3339)})
		if got := sessionIDs(r.Sessions); !slices.Equal(got, []string{hw.s1.id}) {
			t.Errorf("sessions until %s = %v, want s1 only", hw.betweenC1AndC2, got)
		}
		for _, req := range []CodeHistoryRequest{{Path: "lib/math.go:5", Until: "today"}, {Path: "lib/math.go", Symbol: "Add", Until: "today"}} {
			_, err := hw.host.CodeHistory(context.Background(), req, Scope{Dir: hw.repo.Dir})
			var e *Error
			if !errors.As(err, &e) || e.Code != CodeInvalidArgument || e.Field != "until" {
				t.Errorf("%+v: %v, want invalid_argument on until", req, err)
			}
		}
	})

	t.Run("budget", func(t *testing.T) {
		r := hw.history(t, CodeHistoryRequest{Path: "lib/math.go", TokenBudget: MinTokenBudget})
		if r.Truncated == 0 || r.Tokens > MinTokenBudget {
			t.Errorf("budget %d: %d tokens, truncated %d", MinTokenBudget, r.Tokens, r.Truncated)
		}
		if len(r.Sessions) > 0 && r.Sessions[0].SessionID != hw.s4.id {
			t.Errorf("the newest session is kept first, got %s", r.Sessions[0].SessionID)
		}
		prev := -1
		for _, n := range []int{200, 300, 500, 1000, 2000, 4000, 20000} {
			r := hw.history(t, CodeHistoryRequest{Path: "lib/math.go", TokenBudget: n})
			if r.Tokens > n || (prev >= 0 && r.Truncated > prev) || (n == 20000 && r.Truncated != 0) {
				t.Errorf("budget %d: %d tokens, truncated %d (%d with less)", n, r.Tokens, r.Truncated, prev)
			}
			prev = r.Truncated
		}
		for _, n := range []int{-1, 1, MaxTokenBudget + 1} {
			_, err := hw.host.CodeHistory(context.Background(), CodeHistoryRequest{Path: "lib/math.go", TokenBudget: n}, Scope{Dir: hw.repo.Dir})
			if ErrorCode(err) != CodeInvalidArgument {
				t.Errorf("token_budget %d: %v, want invalid_argument", n, err)
			}
		}
	})

	t.Run("errors", func(t *testing.T) {
		for _, p := range []string{"", "lib/nope.go", "lib", "lib/math.go:3-4"} {
			_, err := hw.host.CodeHistory(context.Background(), CodeHistoryRequest{Path: p}, Scope{Dir: hw.repo.Dir})
			if ErrorCode(err) != CodeInvalidArgument {
				t.Errorf("path %q: %v, want invalid_argument", p, err)
			}
		}
	})
}
