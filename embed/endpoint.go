package embed

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"
)

// DefaultTimeout bounds one request to an endpoint.
const DefaultTimeout = 60 * time.Second

// maxResponseBytes bounds what is read of an endpoint's answer.
const maxResponseBytes = 256 << 20

// Endpoint computes vectors with an OpenAI-compatible embeddings endpoint
// (POST {"model", "input": [...]} to …/v1/embeddings): Ollama, a llama.cpp
// server, LM Studio, or a hosted service. It sends exactly the texts it is
// given.
type Endpoint struct {
	url    string
	model  string
	apiKey string
	client *http.Client

	mu   sync.Mutex
	dims int // configured, or learned from the first answer
}

// EndpointOptions configure NewEndpoint.
type EndpointOptions struct {
	// URL is the endpoint's base (http://localhost:11434/v1) or its
	// embeddings path (…/v1/embeddings).
	URL   string
	Model string
	// APIKey, when set, is sent as a bearer token.
	APIKey string
	// Dims is the vectors' length when known; 0 learns it from the first
	// answer.
	Dims int
	// Timeout bounds one request (DefaultTimeout when zero).
	Timeout time.Duration
}

// NewEndpoint returns a client of the endpoint, or an error naming what
// is wrong with the options.
func NewEndpoint(o EndpointOptions) (*Endpoint, error) {
	u, err := EmbeddingsURL(o.URL)
	if err != nil {
		return nil, err
	}
	if strings.TrimSpace(o.Model) == "" {
		return nil, errors.New("embeddings model is empty")
	}
	if o.Dims < 0 {
		return nil, fmt.Errorf("embeddings dims must be positive, not %d", o.Dims)
	}
	if o.Timeout <= 0 {
		o.Timeout = DefaultTimeout
	}
	return &Endpoint{url: u, model: o.Model, apiKey: o.APIKey, dims: o.Dims,
		client: &http.Client{Timeout: o.Timeout}}, nil
}

// EmbeddingsURL returns the embeddings path of an endpoint's URL: raw as
// is when it ends in /embeddings, else raw + "/embeddings". Only http and
// https URLs with a host are accepted.
func EmbeddingsURL(raw string) (string, error) {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil {
		return "", fmt.Errorf("embeddings url: %w", err)
	}
	if (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return "", fmt.Errorf("embeddings url %q must be an http or https URL with a host", raw)
	}
	if u.User != nil {
		return "", errors.New("embeddings url must not hold credentials: name an environment variable in api_key_env")
	}
	if !strings.HasSuffix(u.Path, "/embeddings") {
		u.Path = strings.TrimSuffix(u.Path, "/") + "/embeddings"
	}
	return u.String(), nil
}

// URL is where the endpoint's requests go.
func (e *Endpoint) URL() string { return e.url }

// Model names the endpoint's model.
func (e *Endpoint) Model() string { return e.model }

// Dims is the vectors' length: as configured, else as the first answer
// gave it (0 before any).
func (e *Endpoint) Dims() int {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.dims
}

type request struct {
	Model string   `json:"model"`
	Input []string `json:"input"`
}

type response struct {
	Data []struct {
		Index     int       `json:"index"`
		Embedding []float32 `json:"embedding"`
	} `json:"data"`
	Error *struct {
		Message string `json:"message"`
	} `json:"error"`
}

// Embed sends texts in one request and returns their vectors in order.
func (e *Endpoint) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	if len(texts) == 0 {
		return nil, nil
	}
	body, err := json.Marshal(request{Model: e.model, Input: texts})
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, e.url, bytes.NewReader(body))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	if e.apiKey != "" {
		req.Header.Set("Authorization", "Bearer "+e.apiKey)
	}
	res, err := e.client.Do(req)
	if err != nil {
		return nil, fmt.Errorf("embeddings endpoint %s: %w", e.url, unwrapURLError(err))
	}
	defer res.Body.Close()
	data, err := io.ReadAll(io.LimitReader(res.Body, maxResponseBytes))
	if err != nil {
		return nil, fmt.Errorf("embeddings endpoint %s: %w", e.url, err)
	}
	var r response
	jerr := json.Unmarshal(data, &r)
	if res.StatusCode != http.StatusOK {
		msg := strings.TrimSpace(string(data))
		if jerr == nil && r.Error != nil && r.Error.Message != "" {
			msg = r.Error.Message
		}
		if len(msg) > 200 {
			msg = msg[:200] + "…"
		}
		return nil, fmt.Errorf("embeddings endpoint %s answered %s: %s", e.url, res.Status, msg)
	}
	if jerr != nil {
		return nil, fmt.Errorf("embeddings endpoint %s: unreadable answer: %w", e.url, jerr)
	}
	return e.vectors(r, len(texts))
}

// vectors checks an answer: one vector per text, each index once, every
// vector of one length (the configured one when set).
func (e *Endpoint) vectors(r response, n int) ([][]float32, error) {
	if len(r.Data) != n {
		return nil, fmt.Errorf("embeddings endpoint %s returned %d vectors for %d texts", e.url, len(r.Data), n)
	}
	out := make([][]float32, n)
	dims := e.Dims()
	for _, d := range r.Data {
		if d.Index < 0 || d.Index >= n || out[d.Index] != nil {
			return nil, fmt.Errorf("embeddings endpoint %s returned a bad or repeated index %d", e.url, d.Index)
		}
		if len(d.Embedding) == 0 {
			return nil, fmt.Errorf("embeddings endpoint %s returned an empty vector", e.url)
		}
		if dims == 0 {
			dims = len(d.Embedding)
		}
		if len(d.Embedding) != dims {
			return nil, fmt.Errorf("embeddings endpoint %s returned vectors of %d dimensions, not %d", e.url, len(d.Embedding), dims)
		}
		out[d.Index] = d.Embedding
	}
	e.mu.Lock()
	e.dims = dims
	e.mu.Unlock()
	return out, nil
}

// unwrapURLError drops the method and URL url.Error repeats.
func unwrapURLError(err error) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		return ue.Err
	}
	return err
}
