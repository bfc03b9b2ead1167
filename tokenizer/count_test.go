package tokenizer

import (
	"archive/tar"
	"compress/gzip"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hansard/fixtures/bpe"
	"hansard/fixtures/shared"
)

// maxError is how far Count may be from a real encoding on one text.
const maxError = 0.10

// corpus is real text of every kind hansard's answers hold: its own Go code
// and docs, the ground-truth scenarios (transcripts, scripts, JSON), the
// golden answers of why, and the development set's session list, ground
// truth and a transcript.
func corpus(t *testing.T) map[string]string {
	t.Helper()
	out := map[string]string{}
	read := func(name, path string, limit int) {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		out[name] = string(b[:min(len(b), limit)])
	}
	for _, p := range []string{"README.md", "docs/ARCHITECTURE.md", "recall/history.go", "recall/context.go", "archive/doc.go",
		"provenance/doc.go", "archive/gitlog_test.go", "cmd/hansard/testdata/why-demo.golden"} {
		read(p, filepath.Join("..", p), 1<<20)
	}
	scenarios, err := filepath.Glob(filepath.Join("..", "fixtures", "scenarios", "*.txtar"))
	if err != nil || len(scenarios) == 0 {
		t.Fatalf("scenarios: %v (%d)", err, len(scenarios))
	}
	for _, p := range scenarios {
		read(filepath.Base(p), p, 1<<20)
	}
	dev := shared.Dir(t, "devset", "auth-go")
	read("devset sessions.json", filepath.Join(dev, "sessions.json"), 1<<20)
	read("devset gt-strict.jsonl", filepath.Join(dev, "gt-strict.jsonl"), 200<<10)
	out["devset transcript"] = firstTranscript(t, filepath.Join(dev, "home.tar.gz"), 300<<10)
	return out
}

// firstTranscript reads up to limit bytes of the first transcript of a
// home folder's archive.
func firstTranscript(t *testing.T, path string, limit int) string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	tr := tar.NewReader(z)
	for {
		h, err := tr.Next()
		if err != nil {
			t.Fatalf("no transcript in %s: %v", path, err)
		}
		if strings.HasSuffix(h.Name, ".jsonl") && h.Size > int64(limit) {
			b, err := io.ReadAll(io.LimitReader(tr, int64(limit)))
			if err != nil {
				t.Fatal(err)
			}
			return string(b)
		}
	}
}

func TestCountWithinTenPercentOfBPE(t *testing.T) {
	t.Parallel()
	texts := corpus(t)
	total := map[string][2]int{}
	for name, text := range texts {
		got := Count(text)
		for _, enc := range bpe.Encodings {
			want := bpe.Count(t, enc, text)
			if e := math.Abs(float64(got-want)) / float64(want); e > maxError {
				t.Errorf("%s: %d tokens, %s counts %d (%.1f %% off)", name, got, enc, want, 100*e)
			}
			s := total[enc]
			total[enc] = [2]int{s[0] + got, s[1] + want}
		}
	}
	for enc, s := range total {
		if e := math.Abs(float64(s[0]-s[1])) / float64(s[1]); e > 0.03 {
			t.Errorf("all texts: %d tokens, %s counts %d (%.1f %% off)", s[0], enc, s[1], 100*e)
		}
	}
}

func TestCountPieces(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		text string
		want int
	}{
		{"", 0},
		{"hello", 1},
		{" hello world", 2},
		{"don't", 2},       // don, 't
		{"12345", 2},       // 123, 45
		{"a\n\n\tb", 3},    // a, \n\n, \tb
		{"{\"a\":1}", 5},   // {", a, ":, 1, }
		{"       x", 2},    // spaces, then " x"
		{"\x00", 1},        // a control character alone
		{"héllo wörld", 2}, // six letters wide each: one token
		{"ééééé", 2},       // ten letters wide
	} {
		if got := Count(c.text); got != c.want {
			t.Errorf("Count(%q) = %d, want %d", c.text, got, c.want)
		}
		if got := CountBytes([]byte(c.text)); got != c.want {
			t.Errorf("CountBytes(%q) = %d, want %d", c.text, got, c.want)
		}
	}
}
