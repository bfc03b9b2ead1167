package config

import (
	"strings"
	"testing"
	"time"
)

func TestParseEmbeddings(t *testing.T) {
	t.Parallel()
	cfg, err := Parse([]byte(`
[embeddings]
url = "http://localhost:11434/v1"
model = "nomic-embed-text"
api_key_env = "OPENAI_API_KEY"
dims = 768
batch = 16
timeout = "10s"
`))
	if err != nil {
		t.Fatal(err)
	}
	want := Embeddings{URL: "http://localhost:11434/v1", Model: "nomic-embed-text", APIKeyEnv: "OPENAI_API_KEY", Dims: 768, Batch: 16, Timeout: 10 * time.Second}
	if cfg.Embeddings != want || !cfg.Embeddings.Enabled() {
		t.Errorf("embeddings %+v", cfg.Embeddings)
	}
	cfg, err = Parse([]byte("[embeddings]\nurl = \"https://api.example.com/v1\"\nmodel = \"m\"\n"))
	if err != nil || cfg.Embeddings.Batch != DefaultEmbeddingBatch || cfg.Embeddings.Dims != 0 {
		t.Errorf("defaults: %+v %v", cfg.Embeddings, err)
	}
	if cfg, _ := Parse(nil); cfg.Embeddings.Enabled() {
		t.Error("embeddings are on without a configuration")
	}
	for text, want := range map[string]string{
		"[embeddings]\nmodel = \"m\"\n":                                                          `"url" is missing`,
		"[embeddings]\nurl = \"localhost:11434\"\nmodel = \"m\"\n":                               "not an http or https URL",
		"[embeddings]\nurl = \"http://k:s@h/v1\"\nmodel = \"m\"\n":                               "must not hold credentials",
		"[embeddings]\nurl = \"http://h/v1\"\n":                                                  `"model" is missing`,
		"[embeddings]\nurl = \"http://h/v1\"\nmodel = \"m\"\napi_key_env = \"sk-proj-abc123\"\n": "not hold a key",
		"[embeddings]\nurl = \"http://h/v1\"\nmodel = \"m\"\ndims = -3\n":                        "dims must be positive",
		"[embeddings]\nurl = \"http://h/v1\"\nmodel = \"m\"\nbatch = 5000\n":                     "batch must be between",
		"[embeddings]\nurl = \"http://h/v1\"\nmodel = \"m\"\ntimeout = \"soon\"\n":               "not a positive duration",
		"[embeddings]\nurl = \"http://h/v1\"\nmodel = \"m\"\napi_key = \"x\"\n":                  "unknown keys: embeddings.api_key",
	} {
		if _, err := Parse([]byte(text)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v, want %q", text, err, want)
		}
	}
}
