package codex

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"hansard/transcripts"
)

func TestJSStrings(t *testing.T) {
	t.Parallel()
	src := "// a 'comment' with \"quotes\"\n" +
		`const a = "x\ny\t\"q\" \u2019 \u{1F600} \x41 \uD83D\uDE00 \\";` + "\n" +
		`const b = 'it\'s';` + "\n" +
		"/* block ` */ const c = `multi\nline ${v} \\`end`;\n" +
		`const d = "unterminated` + "\n"
	got := jsStrings(src)
	want := []string{"x\ny\t\"q\" \u2019 \U0001F600 A \U0001F600 \\", "it's", "multi\nline ${v} `end", "unterminated"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("got  %q\nwant %q", got, want)
	}
}

func TestShellPatch(t *testing.T) {
	t.Parallel()
	patch := "*** Begin Patch\n*** Add File: a\n+x\n*** End Patch\n"
	tests := []struct {
		argv   []string
		script string
		want   string
		ok     bool
	}{
		{[]string{"apply_patch", patch}, "", patch, true},
		{nil, "apply_patch <<'EOF'\n" + patch + "EOF\n", patch, true},
		{nil, "applypatch <<EOF\n" + patch + "EOF", patch, true},
		{nil, "apply_patch '" + patch + "'", patch, true},
		{nil, "apply_patch", "", false},
		{nil, "ls -la", "", false},
		{[]string{"bash", "-lc", "ls"}, "ls", "", false},
	}
	for _, tt := range tests {
		got, ok := shellPatch(tt.argv, tt.script)
		if ok != tt.ok || got != tt.want {
			t.Errorf("shellPatch(%q, %q) = %q, %v", tt.argv, tt.script, got, ok)
		}
	}
}

func TestDecodeOutput(t *testing.T) {
	t.Parallel()
	str := func(s string) text { return text{Str: s, IsStr: true} }
	raw := func(s string) text { return text{Raw: json.RawMessage(s)} }
	tests := []struct {
		raw  text
		text string
		exit any
	}{
		{str("Exit code: 2\nWall time: 0.1 seconds\nOutput:\nExit code: 0\n"), "Exit code: 2\nWall time: 0.1 seconds\nOutput:\nExit code: 0\n", 2},
		{str("Chunk ID: a\nWall time: 1 seconds\nProcess exited with code 127\nOutput:\n"), "Chunk ID: a\nWall time: 1 seconds\nProcess exited with code 127\nOutput:\n", 127},
		{str(`{"output":"ok\n","metadata":{"exit_code":0,"duration_seconds":0.1}}`), "ok\n", 0},
		{str(`{"output":"no metadata"}`), "no metadata", nil},
		{str("Process running with session ID 5\nOutput:\n"), "Process running with session ID 5\nOutput:\n", nil},
		{raw(`[{"type":"input_text","text":"a"},{"type":"input_image","image_url":"x"},{"type":"input_text","text":"b"}]`), "a\n[image]\nb", nil},
		{raw(`[{"type":"input_image","image_url":"data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAAB"}]`), "[image/png, 24 B]", nil},
		{raw(`{"content":"legacy","success":true}`), `{"content":"legacy","success":true}`, nil},
		{text{}, "", nil},
	}
	for _, tt := range tests {
		text, exit := decodeOutput(tt.raw)
		if text != tt.text || deref(exit) != tt.exit {
			t.Errorf("decodeOutput(%+v) = %q, %v; want %q, %v", tt.raw, text, deref(exit), tt.text, tt.exit)
		}
	}
	if got := runningSession("Chunk ID: x\nProcess running with session ID 66052\nOutput:\n"); got != "66052" {
		t.Errorf("runningSession = %q", got)
	}
	if got := runningSession("Output:\nProcess running with session ID 1\n"); got != "" {
		t.Errorf("runningSession read command output: %q", got)
	}
}

func TestChildThreadID(t *testing.T) {
	t.Parallel()
	id := "019a2b40-1111-7000-8000-000000000001"
	for in, want := range map[string]string{
		`{"agent_id":"` + id + `","nickname":"Curie"}`: id,
		`{"id":"x","thread_id":"` + id + `"}`:          id,
		"spawned agent " + id + " (Curie)":             id,
		"no agent":                                     "",
	} {
		if got := childThreadID(in); got != want {
			t.Errorf("childThreadID(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestResolvePath(t *testing.T) {
	t.Parallel()
	tests := []struct{ dir, p, want string }{
		{"/r", "a/b.go", "/r/a/b.go"},
		{"/r/x", "../b.go", "/r/b.go"},
		{"/r", "/abs.go", "/abs.go"},
		{"", "rel.go", "rel.go"},
		{"/r", `C:\w\f.go`, `C:\w\f.go`},
		{"/r", "", ""},
	}
	for _, tt := range tests {
		if got := resolvePath(tt.dir, tt.p); got != tt.want {
			t.Errorf("resolvePath(%q, %q) = %q, want %q", tt.dir, tt.p, got, tt.want)
		}
	}
}

func TestRootsAndDiscover(t *testing.T) {
	t.Parallel()
	env := func(m map[string]string) transcripts.Env { return func(k string) string { return m[k] } }
	if got := (Provider{}).Roots(env(map[string]string{"HOME": "/h"})); !reflect.DeepEqual(got, []string{"/h/.codex/sessions", "/h/.codex/archived_sessions"}) {
		t.Errorf("roots from HOME %v", got)
	}
	if got := (Provider{}).Roots(env(map[string]string{"HOME": "/h", "CODEX_HOME": "/c"})); !reflect.DeepEqual(got, []string{"/c/sessions", "/c/archived_sessions"}) {
		t.Errorf("roots from CODEX_HOME %v", got)
	}
	if got := (Provider{}).Roots(env(nil)); got != nil {
		t.Errorf("roots without HOME %v", got)
	}

	home := t.TempDir()
	mk := func(rel string) {
		p := filepath.Join(home, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("{}\n"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	mk("sessions/2026/04/30/rollout-2026-04-30T08-00-00-0190aaaa-0000-7000-8000-000000000001.jsonl")
	mk("sessions/2026/04/30/notes.txt")
	mk("sessions/history.jsonl")
	mk("archived_sessions/rollout-2026-01-01T08-00-00-0190aaaa-0000-7000-8000-000000000002.jsonl")
	var got []string
	err := Provider{}.Discover(context.Background(), []string{filepath.Join(home, "sessions"), filepath.Join(home, "archived_sessions"), filepath.Join(home, "missing")},
		func(p string, err error) { t.Errorf("warned %s: %v", p, err) },
		func(s transcripts.Source) error {
			rel, _ := filepath.Rel(home, s.Path)
			got = append(got, rel)
			if s.Provider != transcripts.ProviderCodex || s.Class != transcripts.ClassMain {
				t.Errorf("source %+v", s)
			}
			return nil
		})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"sessions/2026/04/30/rollout-2026-04-30T08-00-00-0190aaaa-0000-7000-8000-000000000001.jsonl",
		"archived_sessions/rollout-2026-01-01T08-00-00-0190aaaa-0000-7000-8000-000000000002.jsonl",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("discovered %v", got)
	}
	if idFromPath(filepath.Join(home, want[0])) != "0190aaaa-0000-7000-8000-000000000001" || idFromPath("/x/rollout-odd.jsonl") != "rollout-odd" {
		t.Error("idFromPath")
	}
}

func TestDiscoverCancelled(t *testing.T) {
	t.Parallel()
	home := t.TempDir()
	if err := os.MkdirAll(filepath.Join(home, "sessions"), 0o700); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	err := Provider{}.Discover(ctx, []string{filepath.Join(home, "sessions")}, func(string, error) {}, func(transcripts.Source) error { return nil })
	if err == nil {
		t.Fatal("Discover ignored a cancelled context")
	}
}

func TestJSCommands(t *testing.T) {
	t.Parallel()
	src := `const a = await tools.exec_command({cmd: "go test ./...", workdir: 'sub'});
await tools.exec_command({ "cmd" : ` + "`npm test`" + ` });
const mycmd = 1; await tools.exec_command({subcmd: "x", cmd: 'ls'});
await tools.exec_command({cmd: build()});
await tools.exec_command(opts);`
	got := jsCommands(src)
	want := []jsCommand{{"go test ./...", "sub"}, {"npm test", ""}, {"ls", ""}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("jsCommands = %+v, want %+v", got, want)
	}
}
