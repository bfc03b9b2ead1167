package redact

import (
	gobuild "go/build"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hansard/fixtures/cputime"
	"hansard/fixtures/shared"
)

const benchSize = 10 << 20

// fillTo repeats parts until the text is n bytes long.
func fillTo(b *testing.B, parts []string, n int) string {
	b.Helper()
	if len(parts) == 0 {
		b.Skip("no input text found")
	}
	var sb strings.Builder
	sb.Grow(n + 1<<20)
	for i := 0; sb.Len() < n; i++ {
		sb.WriteString(parts[i%len(parts)])
	}
	return sb.String()[:n]
}

// sampleTranscripts reads the real transcripts shipped next to the module.
func sampleTranscripts(b *testing.B) []string {
	var parts []string
	root := shared.Dir(b, "samples")
	_ = filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".jsonl") {
			if data, err := os.ReadFile(p); err == nil {
				parts = append(parts, string(data))
			}
		}
		return nil
	})
	return parts
}

// goSources reads Go source files of the standard library: code text.
func goSources(b *testing.B) []string {
	var parts []string
	for _, dir := range []string{"net/http", "encoding/json", "crypto/tls", "go/parser", "database/sql"} {
		files, _ := filepath.Glob(filepath.Join(gobuild.Default.GOROOT, "src", dir, "*.go"))
		for _, f := range files {
			if data, err := os.ReadFile(f); err == nil {
				parts = append(parts, string(data))
			}
		}
	}
	return parts
}

// testLog is the output of a long test run with a few failures.
func testLog() []string {
	var sb strings.Builder
	for i := range 2000 {
		sb.WriteString("=== RUN   TestUploadRetry/case_")
		sb.WriteString(strings.Repeat("x", i%7))
		sb.WriteString("\n    upload_test.go:88: retry 3/5 after 250ms: connection reset by peer (status=503, request_id=req-7f3a)\n--- PASS: TestUploadRetry (0.03s)\n")
		sb.WriteString("2026-03-01T10:00:00.000Z INFO server listening on http://127.0.0.1:8080 token_bucket.rate=50 key=/api/v1/uploads\n")
	}
	return []string{sb.String()}
}

// benchText reports MB/s of wall time (b.SetBytes) and, as "cpuMB/s",
// MB per second of CPU time used by the process, which stays meaningful
// when other work competes for the machine.
func benchText(b *testing.B, text string) {
	r := New()
	b.SetBytes(int64(len(text)))
	b.ResetTimer()
	start := cputime.Used()
	n := 0
	for b.Loop() {
		_ = r.String(text)
		n++
	}
	cputime.ReportMBPerSec(b, start, float64(n)*float64(len(text)))
}

func BenchmarkRedactTranscripts(b *testing.B) {
	benchText(b, fillTo(b, sampleTranscripts(b), benchSize))
}
func BenchmarkRedactGoCode(b *testing.B)  { benchText(b, fillTo(b, goSources(b), benchSize)) }
func BenchmarkRedactTestLog(b *testing.B) { benchText(b, fillTo(b, testLog(), benchSize)) }

// BenchmarkRedactWithSecrets mixes the secret corpus into transcript text:
// one secret about every 8 KB.
func BenchmarkRedactWithSecrets(b *testing.B) {
	base := fillTo(b, sampleTranscripts(b), benchSize)
	var sb strings.Builder
	cases := secretCorpus()
	for i := 0; i < len(base); i += 8 << 10 {
		sb.WriteString(base[i:min(len(base), i+8<<10)])
		sb.WriteString(cases[(i>>13)%len(cases)].text)
	}
	benchText(b, sb.String())
}

// BenchmarkRedactShortTexts redacts many short texts one by one, as the
// archive does with messages and tool results.
func BenchmarkRedactShortTexts(b *testing.B) {
	full := fillTo(b, sampleTranscripts(b), 4<<20)
	var texts []string
	for s := full; len(s) > 0; {
		n := min(len(s), 300)
		texts = append(texts, s[:n])
		s = s[n:]
	}
	r := New()
	b.SetBytes(int64(len(full)))
	b.ReportAllocs()
	start := cputime.Used()
	n := 0
	for b.Loop() {
		for _, t := range texts {
			_ = r.String(t)
		}
		n++
	}
	cputime.ReportMBPerSec(b, start, float64(n)*float64(len(full)))
}
