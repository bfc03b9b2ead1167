package recall

import (
	"context"
	"fmt"
	"sync"
	"time"

	"hansard/archive"
	"hansard/config"
	"hansard/embed"
	"hansard/embed/local"
)

// Bounds of meaning search.
const (
	// queryEmbedTimeout bounds the wait for a query's vector.
	queryEmbedTimeout = 15 * time.Second
)

// Meaning is meaning search over one archive: the embedder, and the
// archive's vectors held in memory (loaded on first use, then only the
// new ones). A process keeps one (the Host's).
type Meaning struct {
	emb embed.Embedder
	// batch is the number of passages sent in one request.
	batch int
	// where names the endpoint in notices.
	where string
	// round overrides pendingBatch (tests use small ones).
	round int
	// err, when set, is why meaning search cannot run (a configuration
	// problem); emb is nil then.
	err error

	mu    sync.Mutex // held while the in-memory vectors are brought up to date
	index *embed.Index
	model archive.VectorModel
	last  int64 // the last vector id loaded
}

// NewMeaning returns meaning search with emb, sending batch passages per
// request (config.DefaultEmbeddingBatch when zero).
func NewMeaning(emb embed.Embedder, batch int) *Meaning {
	if batch <= 0 {
		batch = config.DefaultEmbeddingBatch
	}
	return &Meaning{emb: emb, batch: batch, where: "model " + emb.Model()}
}

// meaningFromConfig returns meaning search over the configured endpoint,
// nil when none is configured, or a Meaning that explains why it cannot
// run.
func meaningFromConfig(cfg config.Embeddings, getenv func(string) string) *Meaning {
	if !cfg.Enabled() {
		return nil
	}
	key := ""
	if cfg.APIKeyEnv != "" {
		if key = getenv(cfg.APIKeyEnv); key == "" {
			return &Meaning{err: fmt.Errorf("the environment variable %s named by api_key_env is empty", cfg.APIKeyEnv)}
		}
	}
	e, err := embed.NewEndpoint(embed.EndpointOptions{URL: cfg.URL, Model: cfg.Model, APIKey: key, Dims: cfg.Dims, Timeout: cfg.Timeout})
	if err != nil {
		return &Meaning{err: err}
	}
	m := NewMeaning(e, cfg.Batch)
	m.where = "the embeddings endpoint " + e.URL()
	return m
}

// Err is why meaning search cannot run at all, or nil.
func (m *Meaning) Err() error {
	if m == nil {
		return errNoEmbeddings
	}
	return m.err
}

// errNoEmbeddings says how to give meaning search an embedder: an
// endpoint in the configuration, or enough text for the local model.
var errNoEmbeddings = fmt.Errorf("no embeddings endpoint is configured (set url and model of an OpenAI-compatible /v1/embeddings server under [embeddings] in the configuration file), "+
	"and the archive has too little text for a model of its own, or hansard index has not learned it yet (it does once the archive holds %d messages)", local.MinArchived)

// vectors returns the in-memory vectors of the archive's model brought up
// to date, with that model; nil when the archive has none.
func (m *Meaning) vectors(ctx context.Context, a *archive.Archive) (*embed.Index, archive.VectorModel, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	vm, ok, err := a.VectorModel(ctx)
	if err != nil || !ok {
		return nil, vm, err
	}
	if m.index == nil || vm.Model != m.model.Model || vm.Dims != m.model.Dims || vm.Generation != m.model.Generation {
		m.index, m.last = embed.NewIndex(vm.Dims), 0
	}
	m.model = vm
	top, err := a.LastVectorID(ctx)
	if err != nil {
		return nil, vm, err
	}
	if top <= m.last {
		return m.index, vm, nil
	}
	m.index.Grow(int(top - m.last)) // one allocation, not doublings
	// One query reads every new vector; each is copied once, into the index.
	last, err := a.VectorsAfter(ctx, m.last, int(max(0, top-m.last)), func(id int64, vec []byte, scale float32) {
		if len(vec) == vm.Dims {
			m.index.AddBytes(id, vec, scale)
		}
	})
	if err != nil {
		return nil, vm, err
	}
	m.last = last
	return m.index, vm, nil
}

// refreshLoaded brings the in-memory vectors up to date when they are
// loaded; it loads none (a process that only searches keywords never
// holds them).
func (m *Meaning) refreshLoaded(ctx context.Context, a *archive.Archive) error {
	m.mu.Lock()
	loaded := m.index != nil
	m.mu.Unlock()
	if !loaded {
		return nil
	}
	_, _, err := m.vectors(ctx, a)
	return err
}

// queryVector embeds a search's query, redacted as the archive's text is.
func (m *Meaning) queryVector(ctx context.Context, a *archive.Archive, query string) ([]float32, error) {
	if r := a.Redaction(); r != nil {
		query = r(query)
	}
	ctx, cancel := context.WithTimeout(ctx, queryEmbedTimeout)
	defer cancel()
	v, err := m.emb.Embed(ctx, []string{query})
	if err != nil {
		return nil, err
	}
	if len(v) != 1 {
		return nil, fmt.Errorf("%d vectors for one query", len(v))
	}
	return v[0], nil
}
