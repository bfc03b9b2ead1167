package redact

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hansard/fixtures/gen"
)

// generatedHome writes a synthetic transcript folder and returns the text
// of all its transcripts and the secrets planted in them.
func generatedHome(tb testing.TB, size int64, secrets int) (string, []string) {
	tb.Helper()
	dir := tb.TempDir()
	st, err := gen.Write(dir, gen.Options{Sessions: 8, TargetBytes: size, LongOutputs: true, Secrets: secrets, Seed: 42})
	if err != nil {
		tb.Fatal(err)
	}
	var b strings.Builder
	err = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".jsonl") {
			return err
		}
		data, err := os.ReadFile(p)
		b.Write(data)
		return err
	})
	if err != nil {
		tb.Fatal(err)
	}
	return b.String(), st.Secrets
}

// TestRedactsGeneratedTranscripts plants secrets in generated transcripts
// and checks that none survives redaction of the raw JSONL text, in which
// they appear JSON-escaped.
func TestRedactsGeneratedTranscripts(t *testing.T) {
	text, secrets := generatedHome(t, 4<<20, 40)
	if len(secrets) != 40 {
		t.Fatalf("planted %d secrets", len(secrets))
	}
	counts := Counts{}
	got := New().StringCounts(text, counts)
	for _, s := range secrets {
		// A secret appears JSON-escaped once, or twice inside Codex call
		// arguments (JSON text in a JSON string).
		once, twice := jsonEscape(s), jsonEscape(jsonEscape(s))
		if !strings.Contains(text, once) && !strings.Contains(text, twice) {
			t.Fatalf("secret %.10s… not in the generated text", s)
		}
		if strings.Contains(got, once) || strings.Contains(got, twice) {
			t.Errorf("secret survived: %.40s…", once)
		}
	}
	if counts[KindHighEntropy] == 0 || len(counts) < 5 {
		t.Logf("counts %v", counts)
	}
}

func BenchmarkRedactGenerated(b *testing.B) {
	text, _ := generatedHome(b, benchSize, 50)
	benchText(b, text)
}

func BenchmarkRedactGeneratedNoSecrets(b *testing.B) {
	text, _ := generatedHome(b, benchSize, 0)
	benchText(b, text)
}

func jsonEscape(s string) string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	return strings.Trim(strings.TrimSuffix(b.String(), "\n"), `"`)
}
