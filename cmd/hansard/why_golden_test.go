package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"hansard/internal/demo"
)

// whyDemoGolden holds `hansard why FILE --json` for every file of the
// demo's repository.
const whyDemoGolden = "testdata/why-demo.golden"

// TestWhyJSONDemoGolden lays out the demo, indexes it with the built binary
// and asks `why FILE --json` about each file of its repository, comparing
// the answers with the golden file. The demo's commits and transcripts have
// fixed times and the process runs in UTC, so only the demo folder's path
// varies: it is written as $DEMO (and Claude Code's project folder name for
// the repository as $DEMO_PROJECT). After a deliberate change of the
// answers, rewrite the file with
//
//	go test ./cmd/hansard -run TestWhyJSONDemoGolden -update
func TestWhyJSONDemoGolden(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	t.Parallel()
	bin := buildHansard(t)
	d, err := demo.Layout(context.Background(), filepath.Join(realTempDir(t), "demo"))
	if err != nil {
		t.Fatal(err)
	}
	env := []string{"TZ=UTC", "NO_COLOR=1"}
	for k, v := range d.Env {
		env = append(env, k+"="+v)
	}
	if out, errOut, code := runHansard(t, bin, d.Repo, env, "index"); code != 0 {
		t.Fatalf("index: exit %d\n%s%s", code, out, errOut)
	}
	files, err := exec.Command("git", "-C", d.Repo, "ls-files").Output()
	if err != nil {
		t.Fatal(err)
	}
	var got bytes.Buffer
	for _, f := range strings.Fields(string(files)) {
		out, errOut, code := runHansard(t, bin, d.Repo, env, "why", f, "--json", "--no-refresh")
		if code != 0 || errOut != "" {
			t.Fatalf("why %s: exit %d\n%s", f, code, errOut)
		}
		got.WriteString("$ hansard why " + f + " --json\n" + out)
	}
	masked := strings.NewReplacer(demoProject(d.Dir), "$DEMO_PROJECT", d.Dir, "$DEMO").Replace(got.String())
	if *update {
		if err := os.MkdirAll(filepath.Dir(whyDemoGolden), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(whyDemoGolden, []byte(masked), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(whyDemoGolden)
	if err != nil {
		t.Fatalf("%v (go test ./cmd/hansard -run TestWhyJSONDemoGolden -update writes it)", err)
	}
	if masked != string(want) {
		gl, wl := strings.Split(masked, "\n"), strings.Split(string(want), "\n")
		for i := range min(len(gl), len(wl)) {
			if gl[i] != wl[i] {
				t.Fatalf("why --json differs from %s at line %d:\n got %s\nwant %s\n(after a deliberate change: go test ./cmd/hansard -run TestWhyJSONDemoGolden -update)", whyDemoGolden, i+1, gl[i], wl[i])
			}
		}
		t.Fatalf("why --json has %d lines, %s %d", len(gl), whyDemoGolden, len(wl))
	}
}
