package symbols

import (
	"bytes"
	"context"
	"strings"
	"sync"
	"time"
)

// Options bound what a Parser reads. The zero value of a field takes the
// default.
type Options struct {
	MaxBytes      int           // larger files are skipped (SkipTooLarge); default 2 MiB
	Timeout       time.Duration // per file (SkipTimeout); default 5 s
	MaxErrorShare float64       // a larger share of error nodes skips the file (SkipParseErrors); default 0.2
	Cache         Cache         // default an LRU of 4096 files
}

// Defaults of Options.
const (
	DefaultMaxBytes      = 2 << 20
	DefaultTimeout       = 5 * time.Second
	DefaultMaxErrorShare = 0.2
	DefaultCacheSize     = 4096
)

// Parser reads symbols and imports out of file contents, caching results by
// blob id. It is safe for concurrent use.
type Parser struct {
	opts Options

	mu    sync.Mutex
	stats Stats
}

// Stats counts what a Parser did.
type Stats struct {
	Parsed    int                // files parsed by tree-sitter
	CacheHits int                // files answered from the cache
	Bytes     int64              // bytes parsed
	Skipped   map[SkipReason]int // files skipped, by reason (cached skips included)
}

// NewParser returns a parser with opts, defaults filled in.
func NewParser(opts Options) *Parser {
	if opts.MaxBytes <= 0 {
		opts.MaxBytes = DefaultMaxBytes
	}
	if opts.Timeout <= 0 {
		opts.Timeout = DefaultTimeout
	}
	if opts.MaxErrorShare <= 0 {
		opts.MaxErrorShare = DefaultMaxErrorShare
	}
	if opts.Cache == nil {
		opts.Cache = NewLRU(DefaultCacheSize)
	}
	return &Parser{opts: opts}
}

// Parse returns the symbols and imports of content, read as the language of
// name's extension (a .h header as C++ when it looks like C++). A file
// symbols cannot read (unsupported, too large, too broken, too slow, or a
// build without cgo) comes back with Skipped set, never as an error: the
// only error is ctx's.
func (p *Parser) Parse(ctx context.Context, name string, content []byte) (*File, error) {
	lang, ok := LanguageOf(name)
	if !ok {
		p.count(func(s *Stats) { s.Skipped[SkipUnsupported]++ })
		return &File{Skipped: SkipUnsupported}, nil
	}
	if lang == C && strings.HasSuffix(strings.ToLower(name), ".h") && looksLikeCPP(content) {
		lang = CPP
	}
	return p.ParseLanguage(ctx, lang, content)
}

// looksLikeCPP reports whether a .h header is C++: it declares a class,
// namespace or template, or names a scope.
func looksLikeCPP(content []byte) bool {
	for _, w := range []string{"class ", "namespace ", "template", "::", "public:", "private:"} {
		if bytes.Contains(content, []byte(w)) {
			return true
		}
	}
	return false
}

// ParseLanguage is Parse with the language given.
func (p *Parser) ParseLanguage(ctx context.Context, lang Language, content []byte) (*File, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if len(content) > p.opts.MaxBytes {
		p.count(func(s *Stats) { s.Skipped[SkipTooLarge]++ })
		return &File{Language: lang, Skipped: SkipTooLarge}, nil
	}
	key := Key{Blob: BlobID(content), Language: lang}
	if f, ok := p.cached(key); ok {
		return f, nil
	}
	f, err := parse(ctx, lang, content, p.opts)
	if err != nil {
		return nil, err
	}
	p.count(func(s *Stats) {
		if f.Skipped != "" {
			s.Skipped[f.Skipped]++
		} else {
			s.Parsed++
			s.Bytes += int64(len(content))
		}
	})
	if f.Skipped != SkipTimeout {
		p.opts.Cache.Put(key, f)
	}
	return f, nil
}

// Cached returns the cached parse of the blob blob read as the language of
// name, without its content; false when the cache does not hold it.
func (p *Parser) Cached(name, blob string) (*File, bool) {
	lang, ok := LanguageOf(name)
	if !ok {
		return nil, false
	}
	return p.cached(Key{Blob: blob, Language: lang})
}

func (p *Parser) cached(key Key) (*File, bool) {
	f, ok := p.opts.Cache.Get(key)
	if ok {
		p.count(func(s *Stats) {
			s.CacheHits++
			if f.Skipped != "" {
				s.Skipped[f.Skipped]++
			}
		})
	}
	return f, ok
}

// Stats returns a copy of the counts so far.
func (p *Parser) Stats() Stats {
	p.mu.Lock()
	defer p.mu.Unlock()
	s := p.stats
	s.Skipped = map[SkipReason]int{}
	for r, n := range p.stats.Skipped {
		s.Skipped[r] = n
	}
	return s
}

func (p *Parser) count(f func(*Stats)) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.stats.Skipped == nil {
		p.stats.Skipped = map[SkipReason]int{}
	}
	f(&p.stats)
}
