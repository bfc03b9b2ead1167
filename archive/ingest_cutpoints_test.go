package archive

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hansard/fixtures/gen"
	"hansard/fixtures/shared"
	"hansard/redact"
)

// cutHome lays the real samples (never edited; Claude under a project
// folder, Codex under a dated sessions folder) and a generated home of both
// providers into one home folder, and returns each transcript's path and
// bytes. Without the shared samples only the generated files are laid
// (under CI their absence fails the test).
func cutHome(t *testing.T) (string, map[string][]byte) {
	t.Helper()
	home := t.TempDir()
	if _, err := gen.Write(home, gen.Options{Sessions: 4, TargetBytes: 400 << 10, Seed: 23, Secrets: 24}); err != nil {
		t.Fatal(err)
	}
	samplesDir, haveSamples := shared.Path(t, "samples")
	lay := func(pattern string, dest func(sample string) string) {
		paths, _ := filepath.Glob(filepath.Join(samplesDir, pattern))
		for _, p := range paths {
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			writeFile(t, filepath.Join(home, dest(p)), data)
		}
	}
	lay("claude/*/*.jsonl", func(p string) string {
		return filepath.Join(".claude", "projects", filepath.Base(filepath.Dir(p)), filepath.Base(p))
	})
	lay("codex/*/*.jsonl", func(p string) string {
		return filepath.Join(".codex", "sessions", "2025", "12", "29", filepath.Base(p))
	})
	if haveSamples {
		layBedrock(t, home, samplesDir)
	}
	files := map[string][]byte{}
	err := filepath.WalkDir(home, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && filepath.Ext(p) == ".jsonl" {
			files[p], err = os.ReadFile(p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return home, files
}

// layBedrock lays a copy of a Claude sample as Claude Code writes it on
// Amazon Bedrock, whose message and tool call ids are longer
// (msg_bdrk_01…, toolu_bdrk_01…) and read as secrets to redaction, under a
// session id of its own.
func layBedrock(t *testing.T, home, samplesDir string) {
	t.Helper()
	const id, copyID = "2c965cfd-41e4-4e31-8339-2986ebced03c", "2c965cfd-41e4-4e31-8339-00000000bd0c"
	data, err := os.ReadFile(filepath.Join(samplesDir, "claude", "ai-blame", id+".jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	for from, to := range map[string]string{id: copyID, `"toolu_01`: `"toolu_bdrk_01`, `"msg_01`: `"msg_bdrk_01`} {
		data = bytes.ReplaceAll(data, []byte(from), []byte(to))
	}
	writeFile(t, filepath.Join(home, ".claude", "projects", "bedrock", copyID+".jsonl"), data)
}

func writeFile(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o600); err != nil {
		t.Fatal(err)
	}
}

// TestRefreshTimingDoesNotReshapeHistory indexes real and generated
// transcripts of both providers once whole, and again as they grow: the
// files are cut at a dense set of points (line boundaries, lines torn in
// the middle, last lines without their newline) and the archive refreshed
// after every step. Both archives must hold the same rows, message by
// message: when a refresh ran never changes what a transcript's history
// is. Redaction is on, secrets are planted and one transcript has Bedrock
// ids, as the archive stores the providers' checkpoint state redacted.
func TestRefreshTimingDoesNotReshapeHistory(t *testing.T) {
	t.Parallel()
	home, files := cutHome(t)
	env := homeEnv(home)
	ctx := context.Background()
	red := redact.New().String
	clean := openEmpty(t, Options{Redact: red})
	if _, err := clean.Refresh(ctx, realProviders(), env, RefreshOptions{}); err != nil {
		t.Fatal(err)
	}
	want := dump(t, clean)

	grown := openEmpty(t, Options{Redact: red})
	const steps = 48
	bounds := map[string][]int{}
	for path, data := range files {
		bounds[path] = lineEnds(data)
	}
	for step := 1; step <= steps; step++ {
		for path, data := range files {
			if err := os.WriteFile(path, data[:cutAt(data, bounds[path], step, steps)], 0o600); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := grown.Refresh(ctx, realProviders(), env, RefreshOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	if got := dump(t, grown); got != want {
		gl, wl := strings.Split(got, "\n"), strings.Split(want, "\n")
		for i := 0; i < len(gl) && i < len(wl); i++ {
			if gl[i] != wl[i] {
				t.Fatalf("archive refreshed as the files grew differs from one clean index at row %d:\n%.400s\n---\n%.400s", i, gl[i], wl[i])
			}
		}
		t.Fatalf("archive refreshed as the files grew differs from one clean index (%d vs %d rows)", len(gl), len(wl))
	}
}

// lineEnds returns the offsets just past each newline of data.
func lineEnds(data []byte) []int {
	var bounds []int
	for i, b := range data {
		if b == '\n' {
			bounds = append(bounds, i+1)
		}
	}
	return bounds
}

// cutAt is where a file stands at step of steps: a line boundary (of
// bounds, the file's lineEnds) spread evenly over its lines, then in turn
// half of the next line (a line being written) or all of it but its
// newline (a record the agent left without one); the last step is the
// whole file.
func cutAt(data []byte, bounds []int, step, steps int) int {
	if step == steps {
		return len(data)
	}
	if len(bounds) == 0 {
		return len(data) * step / steps
	}
	i := (len(bounds) - 1) * step / steps
	cut := bounds[i]
	next := len(data)
	if i+1 < len(bounds) {
		next = bounds[i+1]
	}
	switch step % 3 {
	case 1:
		cut += (next - cut) / 2
	case 2:
		cut = max(cut, next-1)
	}
	return min(cut, len(data))
}
