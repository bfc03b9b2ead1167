package recall

import (
	"context"
	"errors"
	"slices"
	"sync"
	"time"

	"hansard/archive"
	"hansard/config"
	"hansard/embed"
	"hansard/provenance"
	"hansard/redact"
	"hansard/symbols"
	"hansard/transcripts"
)

// HostOptions configure a Host.
type HostOptions struct {
	// Getenv looks up the environment (os.Getenv in production): the
	// archive's folder, the configuration file and the agents' folders all
	// derive from it.
	Getenv func(string) string
	// NoRefresh answers from the archive as it is, without reading new
	// transcripts first.
	NoRefresh bool
	// Warn receives warnings about files a refresh could not read (nil:
	// dropped).
	Warn func(string)
	// Location is the local clock (time.Local when nil).
	Location *time.Location
	// Now is the current time (time.Now when nil).
	Now func() time.Time
	// Providers are the transcript providers a refresh reads, in order
	// (cmd/hansard's registry; tests pass their own). None: a refresh
	// finds nothing new.
	Providers []transcripts.Provider
	// FirstIndex, when set, is told about the first refresh of a new
	// archive (a query that must read every transcript first).
	FirstIndex FirstIndex
	// Embedder, when set, computes the vectors of meaning search instead
	// of the endpoint of the configuration's [embeddings].
	Embedder embed.Embedder
	// ProcRoot is the proc file system the calling process is looked up in
	// ("/proc" when empty; tests point it elsewhere).
	ProcRoot string
}

// Host is what the CLI and the MCP server share: the configuration, the
// archive (opened on first use, once), the refresh policy, and the
// services answering requests over them. Its methods are safe for
// concurrent use; Close waits for the background writes of answers.
type Host struct {
	opts HostOptions

	mu       sync.Mutex
	cfg      *config.Config
	archive  *archive.Archive
	gitRoots map[string]string // folder → root of its git repository ("": none)
	stores   sync.WaitGroup    // answers still being kept in the archive
	// halfBuilt: the last refresh found another process building the
	// archive for the first time
	halfBuilt bool

	symOnce   sync.Once
	symParser *symbols.Parser
	symCache  *symbols.FileCache // nil: in memory only
	// meaningSearch is made once (meaningSet), see meaning; localSearch
	// is over the local model whose file had localStamp.
	meaningSearch *Meaning
	meaningSet    bool
	localSearch   *Meaning
	localStamp    string
	// histories keeps the evidence of files' histories (see historyMemo).
	histories historyMemo
	// attaches keeps what attachHere found per root (see attachMemo).
	attaches attachMemo
}

// NewHost returns a Host; nothing is opened until a request needs it.
func NewHost(opts HostOptions) *Host {
	if opts.Warn == nil {
		opts.Warn = func(string) {}
	}
	return &Host{opts: opts}
}

// Providers returns the transcript providers of HostOptions, in order.
func (h *Host) Providers() []transcripts.Provider {
	return slices.Clone(h.opts.Providers)
}

// Env returns the environment lookup handed to providers.
func (h *Host) Env() transcripts.Env { return transcripts.Env(h.opts.Getenv) }

func (h *Host) now() time.Time {
	if h.opts.Now == nil {
		return time.Now()
	}
	return h.opts.Now()
}

func (h *Host) loc() *time.Location {
	if h.opts.Location == nil {
		return time.Local
	}
	return h.opts.Location
}

// Config loads the configuration file once.
func (h *Host) Config() (config.Config, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.config()
}

func (h *Host) config() (config.Config, error) {
	if h.cfg == nil {
		cfg, err := config.Load(h.opts.Getenv)
		if err != nil {
			return cfg, internal("read the configuration", err)
		}
		h.cfg = &cfg
	}
	return *h.cfg, nil
}

// redactor returns the redaction the configuration asks for: nil when
// text is kept as recorded. The archive is opened with it, and everything
// derived from the archive's text takes it from there
// (archive.Archive.Redaction).
func redactor(cfg config.Config) func(string) string {
	if !cfg.Redact {
		return nil
	}
	return redact.New().String
}

// Archive opens the archive once, with redaction, the repository resolver
// and the path maps of the configuration. A failure to open it is
// index_unavailable.
func (h *Host) Archive(ctx context.Context) (*archive.Archive, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.archive != nil {
		return h.archive, nil
	}
	cfg, err := h.config()
	if err != nil {
		return nil, err
	}
	dir, err := archive.DefaultDir(h.opts.Getenv)
	if err != nil {
		return nil, unavailable("find the archive", err)
	}
	a, err := archive.Open(ctx, archive.Options{Dir: dir, Resolver: provenance.ArchiveResolver{}, Redact: redactor(cfg), RedactVersion: redact.Version})
	if err != nil {
		return nil, unavailable("open the archive", err)
	}
	maps, err := loadPathMaps(ctx, a, cfg)
	if err != nil {
		a.Close()
		return nil, unavailable("open the archive", err)
	}
	usePathMaps(a, maps)
	h.archive = a
	return a, nil
}

// Close waits for answers still being kept and closes the archive if it
// was opened.
func (h *Host) Close() error {
	h.stores.Wait()
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.archive == nil {
		return nil
	}
	err := h.archive.Close()
	h.archive = nil
	return err
}

// Fresh returns the archive brought up to date for a query: new
// transcripts are read first unless NoRefresh is set or indexing is paused,
// and stored sessions are attached again when the path maps changed. When
// another process is writing, it answers from what is archived rather than
// wait.
func (h *Host) Fresh(ctx context.Context) (*archive.Archive, error) {
	a, err := h.Archive(ctx)
	if err != nil {
		return nil, err
	}
	if h.opts.NoRefresh {
		return a, nil
	}
	if err := h.Refresh(ctx, true); err != nil {
		return nil, err
	}
	return a, nil
}

// Refresh reads new transcripts into the archive, re-attaching sessions
// first when the path maps changed. With noWait it returns at once when
// another process holds the archive's write lock.
func (h *Host) Refresh(ctx context.Context, noWait bool) error {
	a, err := h.Archive(ctx)
	if err != nil {
		return err
	}
	if err := ReattachIfMapsChanged(ctx, a); err != nil {
		return internal("attach sessions", err)
	}
	first := firstRefresh(ctx, a)
	res, err := a.Refresh(ctx, h.Providers(), h.Env(), h.refreshOptions(first, noWait))
	if first && h.opts.FirstIndex != nil {
		h.opts.FirstIndex.Done()
	}
	if err != nil {
		return internal("refresh archive", err)
	}
	h.setHalfBuilt(first && res.Busy)
	return nil
}

// ReattachIfMapsChanged re-attaches stored sessions when the path maps in
// use differ from those their attachments were computed with.
func ReattachIfMapsChanged(ctx context.Context, a *archive.Archive) error {
	attached, err := a.AttachedPathMaps(ctx)
	if err != nil {
		return err
	}
	if archive.SamePathMaps(attached, a.PathMaps()) {
		return nil
	}
	return a.Reattach(ctx, a.PathMaps())
}

// service returns the search and read service over a fresh archive.
func (h *Host) service(ctx context.Context, fresh bool) (*Service, error) {
	var a *archive.Archive
	var err error
	if fresh {
		a, err = h.Fresh(ctx)
	} else {
		a, err = h.Archive(ctx)
	}
	if err != nil {
		return nil, err
	}
	return &Service{Archive: a, Location: h.loc(), Now: h.now, LoadMeaning: h.meaning}, nil
}

func unavailable(what string, err error) error {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return internal(what, err)
	}
	return &Error{Code: CodeIndexUnavailable, Message: what, Retryable: true, Err: err}
}
