package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A warning is one line with the name's escape sequences made visible.
func TestWarnEscapes(t *testing.T) {
	t.Parallel()
	var b bytes.Buffer
	printWarning(&b, "/p/\x1b]0;owned\x07.jsonl\nhansard: fake line: skipped")
	got := b.String()
	if strings.ContainsAny(got, "\x1b\x07") || strings.Count(got, "\n") != 1 {
		t.Errorf("unsafe warning %q", got)
	}
	if !strings.Contains(got, "␛]0;owned␇.jsonl␊hansard: fake line") {
		t.Errorf("warning %q", got)
	}
}

// homeWithOutsideLink makes a home whose Claude Code project folder holds
// a link, named name, to a file outside the provider's folders.
func homeWithOutsideLink(t *testing.T, name string) (home, outside string) {
	t.Helper()
	home = t.TempDir()
	proj := filepath.Join(home, ".claude", "projects", "-p")
	if err := os.MkdirAll(proj, 0o700); err != nil {
		t.Fatal(err)
	}
	outside = filepath.Join(t.TempDir(), "passwd")
	if err := os.WriteFile(outside, []byte("root:x:0:0::/root:/bin/sh\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(proj, name)); err != nil {
		t.Fatal(err)
	}
	return home, outside
}

// A transcript-like link whose name holds a terminal title sequence and
// which leads outside the provider's folders is skipped: warned about
// once, escaped, and listed by status; queries after it say nothing.
func TestSkippedLinkWarnedOnceAndEscaped(t *testing.T) {
	t.Parallel()
	home, outside := homeWithOutsideLink(t, "\x1b]0;owned\x07.jsonl")
	env := map[string]string{"HOME": home, "HANSARD_HOME": filepath.Join(home, "archive")}
	run := func(args ...string) (string, string) {
		var out, errOut bytes.Buffer
		app := &App{Streams: streams{In: strings.NewReader(""), Out: &out, Err: &errOut}, Getenv: func(k string) string { return env[k] }}
		if code := runApp(context.Background(), app, args); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errOut.String())
		}
		return out.String(), errOut.String()
	}
	_, stderr := run("index")
	if !strings.Contains(stderr, "␛]0;owned␇.jsonl: skipped: a link to "+outside+", outside the provider's folders") {
		t.Errorf("index warned %q", stderr)
	}
	if strings.ContainsAny(stderr, "\x1b\x07") {
		t.Errorf("raw escape sequence on stderr: %q", stderr)
	}
	if _, stderr := run("history", "--all-repos", "root"); stderr != "" {
		t.Errorf("a query warned again: %q", stderr)
	}
	if out, _ := run("status"); !strings.Contains(out, "files skipped (1)") || strings.ContainsAny(out, "\x1b\x07") {
		t.Errorf("status:\n%s", out)
	}
	if _, err := os.Stat(filepath.Join(home, "archive", "retained", "claude")); err == nil {
		t.Error("the link's target was retained")
	}
}

// In --json mode what hansard says on stderr beside the answer is JSON
// too, one object a line in the shape of errors: a warning about a file
// read on the way (here a link skipped) and the note of a paused index;
// without --json they are text lines, and every command that answers from
// the archive notes the pause.
func TestWarningsAreJSONInJSONMode(t *testing.T) {
	home, outside := homeWithOutsideLink(t, "link.jsonl")
	env := map[string]string{"HANSARD_HOME": filepath.Join(home, "archive")}
	out, errOut, code := runIn(t, home, env, "history", "--all-repos", "--json", "anything")
	if code != 0 || !json.Valid([]byte(out)) {
		t.Fatalf("history --json: exit %d\n%s\n%s", code, out, errOut)
	}
	warnings := warningLines(t, errOut)
	if len(warnings) != 1 || warnings[0].Warning.Code != warnSource ||
		!strings.Contains(warnings[0].Warning.Message, "link.jsonl: skipped: a link to "+outside) {
		t.Errorf("stderr of --json: %q", errOut)
	}

	hansard, _ := demoRepo(t)
	if _, errOut, code := hansard("", "index", "pause"); code != 0 {
		t.Fatalf("index pause: %d %s", code, errOut)
	}
	_, errOut, code = hansard("", "why", "client.go:17", "--json")
	if notes := warningLines(t, errOut); code != 0 || len(notes) != 1 || notes[0].Warning.Code != noteIndexingPaused ||
		!strings.Contains(notes[0].Warning.Message, "hansard index resume") {
		t.Errorf("why --json on a paused index: exit %d, stderr %q", code, errOut)
	}
	for _, args := range [][]string{{"why", "client.go:17"}, {"show", "7b3f2c1e"}, {"log", "client.go"}, {"context", "7b3f2c1e"}} {
		if _, errOut, _ = hansard("", args...); !strings.HasPrefix(errOut, "hansard: note: indexing is paused") {
			t.Errorf("%v on a paused index: stderr %q", args, errOut)
		}
	}
}

// warningLines reads every line of s as a warning object, failing on any
// line that is not one.
func warningLines(t *testing.T, s string) []warningJSON {
	t.Helper()
	var out []warningJSON
	for _, line := range strings.Split(strings.TrimSuffix(s, "\n"), "\n") {
		if line == "" {
			continue
		}
		dec := json.NewDecoder(strings.NewReader(line))
		dec.DisallowUnknownFields()
		var w warningJSON
		if err := dec.Decode(&w); err != nil || w.Warning.Code == "" {
			t.Errorf("stderr line %q is no warning object: %v", line, err)
			continue
		}
		out = append(out, w)
	}
	return out
}
