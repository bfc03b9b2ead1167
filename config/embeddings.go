package config

import (
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"strings"
	"time"
)

// Embeddings is the [embeddings] table: an OpenAI-compatible embeddings
// endpoint (a local Ollama, llama.cpp server or LM Studio, or a hosted
// service) that meaning search computes vectors with.
type Embeddings struct {
	// URL is the endpoint's base (http://localhost:11434/v1) or its
	// /embeddings path; "" turns meaning search off.
	URL   string
	Model string
	// APIKeyEnv names the environment variable holding the API key; the
	// key itself is never written to the configuration or the archive.
	APIKeyEnv string
	// Dims is the vectors' length when set (0: learnt from the endpoint).
	Dims int
	// Batch is the number of passages sent in one request (default 32).
	Batch int
	// Timeout bounds one request (0: the client's default).
	Timeout time.Duration
}

// DefaultEmbeddingBatch is the number of passages of one request.
const DefaultEmbeddingBatch = 32

// Enabled reports whether an endpoint is configured.
func (e Embeddings) Enabled() bool { return e.URL != "" }

type fileEmbeddings struct {
	URL       string `toml:"url"`
	Model     string `toml:"model"`
	APIKeyEnv string `toml:"api_key_env"`
	Dims      int    `toml:"dims"`
	Batch     int    `toml:"batch"`
	Timeout   string `toml:"timeout"`
}

var envName = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

func (f fileEmbeddings) check() (Embeddings, error) {
	e := Embeddings{URL: strings.TrimSpace(f.URL), Model: strings.TrimSpace(f.Model), APIKeyEnv: f.APIKeyEnv, Dims: f.Dims, Batch: f.Batch}
	if e.URL == "" {
		return Embeddings{}, errors.New(`"url" is missing or empty`)
	}
	u, err := url.Parse(e.URL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return Embeddings{}, fmt.Errorf("url %q is not an http or https URL with a host", e.URL)
	}
	if u.User != nil {
		return Embeddings{}, errors.New("url must not hold credentials: name an environment variable in api_key_env")
	}
	if e.Model == "" {
		return Embeddings{}, errors.New(`"model" is missing or empty`)
	}
	if e.APIKeyEnv != "" && !envName.MatchString(e.APIKeyEnv) {
		return Embeddings{}, errors.New("api_key_env must name an environment variable (letters, digits, _), not hold a key")
	}
	if e.Dims < 0 {
		return Embeddings{}, fmt.Errorf("dims must be positive, not %d", e.Dims)
	}
	switch {
	case e.Batch == 0:
		e.Batch = DefaultEmbeddingBatch
	case e.Batch < 0 || e.Batch > 2048:
		return Embeddings{}, fmt.Errorf("batch must be between 1 and 2048, not %d", e.Batch)
	}
	if f.Timeout != "" {
		d, err := time.ParseDuration(f.Timeout)
		if err != nil || d <= 0 {
			return Embeddings{}, fmt.Errorf("timeout %q is not a positive duration such as \"30s\"", f.Timeout)
		}
		e.Timeout = d
	}
	return e, nil
}
