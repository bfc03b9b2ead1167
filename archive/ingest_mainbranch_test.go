package archive

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"hansard/fixtures/shared"
	"hansard/fixtures/tempdir"
)

func TestMainBranch(t *testing.T) {
	t.Parallel()
	type m struct{ uuid, parent string }
	cases := []struct {
		name string
		msgs []m
		want string
	}{
		{"linear", []m{{"a", ""}, {"b", "a"}, {"c", "b"}}, "111"},
		{"rewind", []m{{"a", ""}, {"b", "a"}, {"c", "b"}, {"d", "a"}, {"e", "d"}}, "10011"},
		{"no uuids", []m{{"", ""}, {"", ""}}, "11"},
		{"mixed", []m{{"a", ""}, {"", ""}, {"b", "a"}, {"x", "a"}, {"c", "b"}}, "11101"},
		{"compaction restarts the tree", []m{{"a", ""}, {"b", "a"}, {"c", "a"}, {"r", ""}, {"s", "r"}}, "10111"},
		{"empty", nil, ""},
	}
	for _, c := range cases {
		nodes := make([]branchNode, len(c.msgs))
		for i, m := range c.msgs {
			nodes[i] = branchNode{idx: i, uuid: m.uuid, parent: m.parent, line: i + 1, lastLine: i + 1, owner: -1}
		}
		if s := branchString(mainBranch(nodes)); s != c.want {
			t.Errorf("%s: %s, want %s", c.name, s, c.want)
		}
	}
}

// TestMainBranchToolsAndJoinedLines: tool results and messages that came
// between the lines of one assistant message follow that message, and a
// real rewind still leaves its branch.
func TestMainBranchToolsAndJoinedLines(t *testing.T) {
	t.Parallel()
	// n is a message: uuid, parent, first line, last known line, owner.
	type n struct {
		uuid, parent    string
		line, last, own int
	}
	cases := []struct {
		name string
		msgs []n
		want string
	}{
		// Two parallel calls of one message: each result's parent is the
		// line of its call, the next message's parent the last result.
		{"parallel results", []n{{"u", "", 1, 1, -1}, {"a2", "u", 2, 3, -1}, {"r1", "a1", 4, 4, 1}, {"r2", "a2", 5, 5, 1}, {"b", "r2", 6, 6, -1}}, "11111"},
		// One response whose calls ran one after another: the results
		// came between its lines, whose uuids are not kept.
		{"results between the lines of a message", []n{{"u", "", 1, 1, -1}, {"a3", "u", 2, 6, -1}, {"r1", "a1", 3, 3, 1}, {"r2", "a2", 5, 5, 1}, {"r3", "a3", 7, 7, 1}, {"b", "r3", 8, 8, -1}}, "111111"},
		// A prompt typed while the response streamed.
		{"prompt inside a message", []n{{"u", "", 1, 1, -1}, {"a2", "u", 2, 4, -1}, {"p", "a1", 3, 3, -1}, {"r", "a2", 5, 5, 1}, {"b", "r", 6, 6, -1}}, "11111"},
		// A result whose parent is a progress line of its call.
		{"result after progress", []n{{"u", "", 1, 1, -1}, {"a", "u", 2, 2, -1}, {"r", "progress", 4, 4, 1}, {"b", "r", 5, 5, -1}}, "1111"},
		// The prompt is edited and sent again: the first attempt, its call
		// and its result are abandoned.
		// Both prompts name a line that is no message (turn_duration).
		{"rewind from a line that is no message", []n{{"u", "", 1, 1, -1}, {"a", "u", 2, 2, -1}, {"p", "td", 4, 4, -1}, {"b", "p", 5, 5, -1}, {"p2", "td", 6, 6, -1}, {"c", "p2", 7, 7, -1}}, "110011"},
		{"rewind with tools", []n{{"u", "", 1, 1, -1}, {"a", "u", 2, 2, -1}, {"p", "a", 3, 3, -1}, {"c", "p", 4, 4, -1}, {"r", "c", 5, 5, 3}, {"p2", "a", 6, 6, -1}, {"d", "p2", 7, 7, -1}}, "1100011"},
	}
	for _, c := range cases {
		nodes := make([]branchNode, len(c.msgs))
		for i, m := range c.msgs {
			nodes[i] = branchNode{idx: i, uuid: m.uuid, parent: m.parent, line: m.line, lastLine: m.last, owner: m.own}
		}
		if s := branchString(mainBranch(nodes)); s != c.want {
			t.Errorf("%s: %s, want %s", c.name, s, c.want)
		}
	}
}

func branchString(main []bool) string {
	var b strings.Builder
	for _, m := range main {
		if m {
			b.WriteByte('1')
		} else {
			b.WriteByte('0')
		}
	}
	return b.String()
}

// TestMainBranchClaudeFixture reads a Claude Code transcript that branches
// once (an edited prompt) through the Claude provider: parallel results,
// results between the lines of a response, progress lines, a prompt typed
// while a response streamed and a subagent's mirrored progress are on the
// main branch; only the first attempts of the two edited prompts are not
// (one sent again from a message, one from a turn_duration line).
func TestMainBranchClaudeFixture(t *testing.T) {
	t.Parallel()
	home := t.TempDir()
	copyTree(t, "../fixtures/reading/claude", filepath.Join(home, ".claude", "projects"))
	a := indexHome(t, home)
	got := offMain(t, a)
	want := map[string][]int{"0b0b0b0b-0b0b-4b0b-8b0b-0b0b0b0b0b0b": {13, 14, 17, 18}}
	if !equalOff(got, want) {
		t.Fatalf("off the main branch: %v, want %v", got, want)
	}
}

// TestMainBranchRealTranscripts reads real Claude Code transcripts (the
// samples and the development set's homes, in ../shared): they hold
// parallel calls, results between the lines of one response, progress and
// subagents, and branch only where a prompt was sent twice from the same
// point (and a /exit record beside the reply of a resumed session).
func TestMainBranchRealTranscripts(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("reads the development set")
	}
	cases := []struct {
		name string
		lay  func(t *testing.T, home string) bool
		want map[string][]int
	}{
		{"samples", func(t *testing.T, home string) bool {
			dir, ok := shared.Path(t, "samples", "claude")
			return ok && copyTree(t, dir, filepath.Join(home, ".claude", "projects"))
		}, map[string][]int{}},
		{"auth-go", func(t *testing.T, home string) bool {
			tar, ok := shared.Path(t, "devset", "auth-go", "home.tar.gz")
			return ok && untarHome(t, tar, home)
		}, map[string][]int{}},
		{"external-agents", func(t *testing.T, home string) bool {
			tar, ok := shared.Path(t, "devset", "external-agents", "home.tar.gz")
			return ok && untarHome(t, tar, home)
		}, map[string][]int{"ac25b691-daf7-4da8-afa0-0b32d83c517c": {1, 2, 46, 47}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			home := t.TempDir()
			if !c.lay(t, home) {
				t.Skip("not available")
			}
			if got := offMain(t, indexHome(t, home)); !equalOff(got, c.want) {
				t.Fatalf("off the main branch: %v, want %v", got, c.want)
			}
		})
	}
}

// indexHome reads the transcripts of a home into a new archive.
func indexHome(t *testing.T, home string) *Archive {
	t.Helper()
	return indexHomeWith(t, home, RefreshOptions{})
}

// indexHomeWith is indexHome with refresh options.
func indexHomeWith(t *testing.T, home string, opts RefreshOptions) *Archive {
	t.Helper()
	a := openEmpty(t, Options{})
	if _, err := a.Refresh(context.Background(), realProviders(), homeEnv(home), opts); err != nil {
		t.Fatal(err)
	}
	return a
}

// offMain returns the indexes of the messages off the main branch, by session.
func offMain(t *testing.T, a *Archive) map[string][]int {
	t.Helper()
	rows, err := a.db.Query(`SELECT s.id, m.idx FROM messages m JOIN sessions s ON s.pk = m.session
		WHERE m.on_main_branch = 0 ORDER BY s.id, m.idx`)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	out := map[string][]int{}
	for rows.Next() {
		var id string
		var idx int
		if err := rows.Scan(&id, &idx); err != nil {
			t.Fatal(err)
		}
		out[id] = append(out[id], idx)
	}
	return out
}

func equalOff(a, b map[string][]int) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		w, ok := b[k]
		if !ok || len(v) != len(w) {
			return false
		}
		for i := range v {
			if v[i] != w[i] {
				return false
			}
		}
	}
	return true
}

// copyTree copies the files under src into dst; false when src is missing.
func copyTree(t *testing.T, src, dst string) bool {
	t.Helper()
	if _, err := os.Stat(src); err != nil {
		return false
	}
	tempdir.CopyTree(t, src, dst)
	return true
}

// untarHome unpacks a home folder's .tar.gz into dst with tar; false when
// it is missing.
func untarHome(t *testing.T, archivePath, dst string) bool {
	t.Helper()
	if _, err := os.Stat(archivePath); err != nil {
		return false
	}
	if out, err := exec.Command("tar", "-xzf", archivePath, "-C", dst).CombinedOutput(); err != nil {
		t.Fatalf("tar %s: %v\n%s", archivePath, err, out)
	}
	return true
}

func TestOnMainBranchStored(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t)
	a := e.open(Options{})
	e.write("s1.jsonl",
		`{"t":"msg","role":"user","text":"one","uuid":"a"}`,
		`{"t":"msg","role":"assistant","text":"two","uuid":"b","parent":"a"}`,
		`{"t":"msg","role":"user","text":"edited prompt","uuid":"c","parent":"a"}`,
	)
	e.refresh(a, RefreshOptions{})
	msgs, _ := a.Messages(context.Background(), "s1", 0, 0)
	if len(msgs) != 3 || !msgs[0].OnMainBranch || msgs[1].OnMainBranch || !msgs[2].OnMainBranch {
		t.Fatalf("branches: %+v", msgs)
	}
	// The abandoned branch is continued later: it becomes the main one.
	e.appendRaw("s1.jsonl", `{"t":"msg","role":"user","text":"back","uuid":"d","parent":"b"}`+"\n")
	e.refresh(a, RefreshOptions{})
	msgs, _ = a.Messages(context.Background(), "s1", 0, 0)
	if !msgs[1].OnMainBranch || msgs[2].OnMainBranch || !msgs[3].OnMainBranch {
		t.Fatalf("branches after append: %+v", msgs)
	}
}
