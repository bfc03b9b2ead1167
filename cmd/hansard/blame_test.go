package main

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"hansard/internal/demo"
)

var update = flag.Bool("update", false, "rewrite the golden outputs in testdata/")

// testdata is the folder of golden outputs, found before a test changes
// folder.
var testdata, _ = filepath.Abs("testdata")

// demoRepo lays the demo out, indexes it and returns a runner of hansard
// in its repository (in this process, times in UTC) and the demo.
func demoRepo(t *testing.T) (func(stdin string, args ...string) (string, string, int), *demo.Demo) {
	t.Helper()
	d, err := demo.Layout(context.Background(), filepath.Join(realTempDir(t), "demo"))
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(d.Repo)
	getenv := d.Getenv(func(k string) string {
		if k == "NO_COLOR" {
			return "1"
		}
		return ""
	})
	hansard := func(stdin string, args ...string) (string, string, int) {
		t.Helper()
		var out, errb bytes.Buffer
		app := &App{Streams: streams{In: strings.NewReader(stdin), Out: &out, Err: &errb}, Getenv: getenv, Location: time.UTC, Now: demoNow}
		code := runApp(context.Background(), app, args)
		return out.String(), errb.String(), code
	}
	if out, errOut, code := hansard("", "index"); code != 0 {
		t.Fatalf("index: %d\n%s\n%s", code, out, errOut)
	}
	return hansard, d
}

// demoNow is the clock of the demo's answers, three weeks after its
// conversations, so that how long ago they were stays the same.
func demoNow() time.Time { return time.Date(2026, 3, 24, 12, 0, 0, 0, time.UTC) }

// demoCase is a command line run on the demo and the name of its golden
// output.
type demoCase struct {
	name string
	args []string
}

// demoGoldens runs each case with hansard (demoRepo's runner) and compares
// its output with testdata/folder/NAME, the demo's folder written as $DEMO
// and Claude Code's project folder name for its repository as
// $DEMO_PROJECT; mask, when set, rewrites what else varies.
func demoGoldens(t *testing.T, hansard func(string, ...string) (string, string, int), d *demo.Demo, folder string,
	cases []demoCase, mask func(name, out string) string) {
	t.Helper()
	for _, c := range cases {
		out, errOut, code := hansard("", c.args...)
		if code != 0 {
			t.Fatalf("%v: exit %d\n%s", c.args, code, errOut)
		}
		out = strings.NewReplacer(demoProject(d.Dir), "$DEMO_PROJECT", d.Dir, "$DEMO").Replace(out)
		if mask != nil {
			out = mask(c.name, out)
		}
		golden(t, folder+"/"+c.name, out)
	}
}

// golden compares got with testdata/NAME, rewriting it with -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join(testdata, filepath.FromSlash(name))
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to write it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs (go test -update rewrites it):\n--- got\n%s\n--- want\n%s", name, got, want)
	}
}

// TestBlameGolden holds the blame view's outputs on the demo: piped (no
// pager), a range, --porcelain, several files through --stdin, and why
// --blame as the same view.
func TestBlameGolden(t *testing.T) {
	hansard, _ := demoRepo(t)
	cases := []struct {
		name  string
		stdin string
		args  []string
	}{
		{"client.txt", "", []string{"blame", "client.go"}},
		{"client-L.txt", "", []string{"blame", "client.go", "-L", "29,+5"}},
		{"client-porcelain.txt", "", []string{"blame", "client.go", "-L", "50,60", "--porcelain"}},
		{"stdin-porcelain.txt", "client.go:51-53\nretry.go:1-4\nnope.go\n", []string{"why", "--stdin", "--porcelain"}},
		{"retry.txt", "", []string{"blame", "retry.go"}},
	}
	for _, c := range cases {
		out, errOut, code := hansard(c.stdin, append(c.args, "--no-refresh")...)
		if code != 0 {
			t.Fatalf("%v: exit %d\n%s", c.args, code, errOut)
		}
		golden(t, "blame/"+c.name, out)
	}
	why, _, _ := hansard("", "why", "client.go", "--blame", "--no-refresh")
	blame, _, _ := hansard("", "blame", "client.go", "--no-refresh")
	if why != blame {
		t.Errorf("why --blame differs from blame:\n%s\n---\n%s", why, blame)
	}
	for _, bad := range []string{"0,3", "5,2", "x", "3,+0"} {
		if _, errOut, code := hansard("", "blame", "client.go", "-L", bad, "--no-refresh"); code != exitUsage || !strings.Contains(errOut, "-L") {
			t.Errorf("-L %s: exit %d, %s", bad, code, errOut)
		}
	}
}
