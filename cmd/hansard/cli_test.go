package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"hansard/archive"
	"hansard/fixtures/tempdir"
	"hansard/fixtures/testgc"
)

// scratch is the package's temporary folder (made and removed by
// TestMain), for what its tests build once and share: the binary, the MCP
// world.
var scratch string

func TestMain(m *testing.M) {
	// The test binary, copied under the command's name (see built), is
	// the command: started so, it runs main and never the tests.
	if filepath.Base(os.Args[0]) == binName {
		main()
	}
	// Most tests run command lines in-process, each making and dropping a
	// command's garbage in a heap that stays small (main itself holds the
	// collector off in a short-lived query, see holdGC).
	testgc.Pace()
	os.Exit(tempdir.Main(m, "hansard-cmd-test-", &scratch))
}

// binName is the command's file name in scratch/bin.
const binName = "hansard"

// built is the command, once for the package: the test binary (this
// package's main and everything it links, compiled as go build would)
// copied into scratch under the command's name, which TestMain answers by
// running main. It spares a second compile and link of the command.
var built = sync.OnceValues(func() (string, error) {
	self, err := os.Executable()
	if err != nil {
		return "", fmt.Errorf("find the test binary: %w", err)
	}
	bin := filepath.Join(scratch, "bin", binName)
	if err := os.MkdirAll(filepath.Dir(bin), 0o700); err != nil {
		return "", err
	}
	if err := os.Link(self, bin); err == nil {
		return bin, nil
	}
	if err := tempdir.CopyFile(self, bin, 0o700); err != nil {
		return "", fmt.Errorf("copy the test binary: %w", err)
	}
	return bin, nil
})

// buildHansard returns the command, compiled once for the package's tests
// and benchmarks (none of them changes the binary or its folder).
func buildHansard(t testing.TB) string {
	t.Helper()
	bin, err := built()
	if err != nil {
		t.Fatal(err)
	}
	return bin
}

// hansard runs the binary with home as HOME and returns its outputs and
// exit code.
func hansard(t *testing.T, bin, home string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	return runHansard(t, bin, "", []string{"HOME=" + home}, args...)
}

// runHansard runs the binary in dir (the current folder when empty) with
// env and PATH, and returns its outputs and exit code.
func runHansard(t *testing.T, bin, dir string, env []string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	return runHansardStdin(t, bin, dir, env, "", args...)
}

// runHansardStdin is runHansard with stdin as the standard input.
func runHansardStdin(t *testing.T, bin, dir string, env []string, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	if stdin != "" {
		cmd.Stdin = strings.NewReader(stdin)
	}
	cmd.Env = append([]string{"PATH=" + os.Getenv("PATH")}, env...)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		code = exit.ExitCode()
	case err != nil:
		t.Fatal(err)
	}
	return out.String(), errb.String(), code
}

func TestIndexAndStatusEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary")
	}
	t.Parallel()
	bin := buildHansard(t)
	home := t.TempDir()
	tempdir.CopyTree(t, filepath.Join("..", "..", "fixtures", "claude", "projects"), filepath.Join(home, ".claude", "projects"))

	out, errOut, code := hansard(t, bin, home, "index")
	if code != 0 || !strings.HasPrefix(out, "indexed ") {
		t.Fatalf("index: code %d\n%s\n%s", code, out, errOut)
	}
	if !strings.Contains(errOut, "warning:") || !strings.Contains(out, "malformed") {
		t.Errorf("bad lines not reported: %q %q", out, errOut)
	}
	out, _, code = hansard(t, bin, home, "index")
	if code != 0 || !strings.HasPrefix(out, "archive up to date") {
		t.Fatalf("second index: %d %q", code, out)
	}

	out, errOut, code = hansard(t, bin, home, "status", "--json")
	if code != 0 {
		t.Fatalf("status: %d %s", code, errOut)
	}
	var st archive.Status
	if err := json.Unmarshal([]byte(out), &st); err != nil {
		t.Fatalf("status json: %v\n%s", err, out)
	}
	want := filepath.Join(home, ".local", "share", "hansard")
	if st.Dir != want || len(st.Providers) != 1 || st.Providers[0].Provider != "claude" || st.Providers[0].Sessions == 0 ||
		st.Providers[0].Messages == 0 || st.LastRefresh == nil || len(st.ProblemFiles) == 0 {
		t.Fatalf("status: %+v", st)
	}
	if fi, err := os.Stat(want); err != nil || fi.Mode().Perm() != 0o700 {
		t.Fatalf("archive folder: %v %v", fi.Mode(), err)
	}

	out, _, code = hansard(t, bin, home, "status")
	if code != 0 || !strings.Contains(out, "claude") || !strings.Contains(out, "files with skipped lines") {
		t.Fatalf("human status: %d\n%s", code, out)
	}

	if _, _, code = hansard(t, bin, home, "index", "pause"); code != 0 {
		t.Fatal("pause failed")
	}
	out, _, _ = hansard(t, bin, home, "index")
	if !strings.Contains(out, "paused") {
		t.Fatalf("index while paused: %q", out)
	}
	if out, _, _ = hansard(t, bin, home, "status"); !strings.Contains(out, "paused") {
		t.Fatalf("status while paused: %q", out)
	}
	hansard(t, bin, home, "index", "resume")

	if _, _, code = hansard(t, bin, home, "index", "--map", "relative=x"); code != 2 {
		t.Fatalf("bad --map: exit %d, want 2", code)
	}
	if _, _, code = hansard(t, bin, home, "no-such-command"); code != 2 {
		t.Fatalf("unknown command: exit %d, want 2", code)
	}
}

func TestSummary(t *testing.T) {
	t.Parallel()
	cases := []struct {
		res  archive.RefreshResult
		want string
	}{
		{archive.RefreshResult{Paused: true}, "indexing is paused: nothing was read (run `hansard index resume`)"},
		{archive.RefreshResult{Unchanged: 3}, "archive up to date: 3 transcripts unchanged"},
		{archive.RefreshResult{Reread: 2, Sessions: 284, Bytes: 371 << 20, Elapsed: 6200e6,
			Problems: map[string]int{"malformed": 3}}, "indexed 284 sessions, 371 MB in 6.2 s; 3 malformed lines skipped"},
		{archive.RefreshResult{Reread: 1, Generations: 1, Sessions: 1, Bytes: 2 << 20, Elapsed: 1e8},
			"indexed 1 session, 2.0 MB in 0.1 s; 1 transcript shrank or was rewritten (what was read before is kept, see `hansard status`)"},
	}
	for _, c := range cases {
		if got := summary(c.res); got != c.want {
			t.Errorf("summary(%+v) = %q, want %q", c.res, got, c.want)
		}
	}
}

func TestProgressLine(t *testing.T) {
	t.Parallel()
	got := progressLine(archive.Progress{Files: 1, FilesTotal: 4, Bytes: 50 << 20, BytesTotal: 100 << 20, Sessions: 10, Elapsed: 2e9}, 100)
	if !strings.Contains(got, "1/4 files") || !strings.Contains(got, "50 MB of 100 MB") || !strings.Contains(got, "5 sessions/s") || !strings.Contains(got, "ETA 2s") {
		t.Fatalf("progress line: %q", got)
	}
}
