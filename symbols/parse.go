//go:build cgo

package symbols

import (
	"bytes"
	"context"
	"errors"
	"sync"

	sitter "github.com/smacker/go-tree-sitter"
)

// Available reports whether this build reads symbols: true with cgo.
func Available() bool { return true }

// grammar is one language's tree-sitter grammar and the function that reads
// symbols and imports out of its trees.
type grammar struct {
	language func() *sitter.Language
	extract  func(w *walker, root *sitter.Node)
	// imports, when set, is a query whose @path captures are the file's
	// imports (string literals); a match with a @fn capture (a call) is
	// one when call gives it a path.
	imports string
	call    func(fn, path string) string
	// gate, when set, lists texts one of which a file must contain for the
	// imports query to run (running it costs a walk of the whole tree).
	gate []string

	once     sync.Once
	lang     *sitter.Language
	types    []string      // node type names by symbol id
	errors   *sitter.Query // (ERROR) nodes
	importsQ *sitter.Query
	parsers  sync.Pool
}

func (g *grammar) init() {
	g.once.Do(func() {
		g.lang = g.language()
		g.types = make([]string, g.lang.SymbolCount())
		for i := range g.types {
			g.types[i] = g.lang.SymbolName(sitter.Symbol(i))
		}
		q, err := sitter.NewQuery([]byte("(ERROR) @e"), g.lang)
		if err != nil {
			panic("symbols: the ERROR query does not compile: " + err.Error())
		}
		g.errors = q
		if g.imports != "" {
			if g.importsQ, err = sitter.NewQuery([]byte(g.imports), g.lang); err != nil {
				panic("symbols: an import query does not compile: " + err.Error())
			}
		}
	})
}

// parse reads content with lang's grammar.
func parse(ctx context.Context, lang Language, content []byte, opts Options) (*File, error) {
	g := grammars[lang]
	if g == nil {
		return &File{Language: lang, Skipped: SkipUnsupported}, nil
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	g.init()
	p, _ := g.parsers.Get().(*sitter.Parser)
	if p == nil {
		p = sitter.NewParser()
		p.SetLanguage(g.lang)
	}
	defer g.parsers.Put(p)
	// ctx is checked before the parse; one file's parse is bounded by the timeout
	// rather than by ctx: go-tree-sitter watches a cancellable context with
	// a goroutine per parse, which can set the parser's cancel flag after
	// the parse ended and spoil the pooled parser's next one.
	p.SetOperationLimit(int(opts.Timeout.Microseconds()))
	tree, err := p.ParseCtx(context.Background(), nil, content)
	if err != nil {
		p.Reset()
		if errors.Is(err, sitter.ErrOperationLimit) {
			return &File{Language: lang, Skipped: SkipTimeout}, nil
		}
		return nil, err
	}
	defer tree.Close()
	root := tree.RootNode()
	f := &File{Language: lang}
	if root.HasError() {
		f.ErrorShare = errorShare(g.errors, root, len(content))
		if f.ErrorShare > opts.MaxErrorShare {
			f.Skipped = SkipParseErrors
			return f, nil
		}
	}
	w := &walker{src: content, lang: lang, file: f, types: g.types}
	g.extract(w, root)
	if g.importsQ != nil && gateOpen(g.gate, content) {
		queryImports(w, g.importsQ, g.call, root)
	}
	return f, nil
}

func gateOpen(gate []string, content []byte) bool {
	for _, g := range gate {
		if bytes.Contains(content, []byte(g)) {
			return true
		}
	}
	return len(gate) == 0
}

// queryImports adds the @path captures of q's matches as imports.
func queryImports(w *walker, q *sitter.Query, call func(fn, path string) string, root *sitter.Node) {
	qc := sitter.NewQueryCursor()
	defer qc.Close()
	qc.Exec(q, root)
	for {
		m, ok := qc.NextMatch()
		if !ok {
			return
		}
		var path, fn *sitter.Node
		for _, c := range m.Captures {
			switch q.CaptureNameForId(c.Index) {
			case "path":
				path = c.Node
			case "fn":
				fn = c.Node
			}
		}
		if path == nil {
			continue
		}
		p := unquote(w.text(path))
		if fn != nil {
			p = call(w.text(fn), p)
		}
		w.addImport(path, p)
	}
}

// errorShare is the share of size bytes that error nodes cover, counting
// nested error nodes once.
func errorShare(q *sitter.Query, root *sitter.Node, size int) float64 {
	if size == 0 {
		return 0
	}
	qc := sitter.NewQueryCursor()
	defer qc.Close()
	qc.Exec(q, root)
	var covered, end uint32
	for {
		m, ok := qc.NextMatch()
		if !ok {
			break
		}
		for _, c := range m.Captures {
			s, e := c.Node.StartByte(), c.Node.EndByte()
			if e <= end {
				continue
			}
			covered += e - max(s, end)
			end = e
		}
	}
	return float64(covered) / float64(size)
}
