//go:build cgo

package symbols

/*
#include <stdlib.h>
#include "flat.h"
*/
import "C"

import (
	"bytes"
	"context"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"unsafe"
)

// Available reports whether this build reads symbols: true with cgo.
func Available() bool { return true }

// grammar is one language's tree-sitter grammar and the function that reads
// symbols and imports out of its trees.
type grammar struct {
	language func() *C.TSLanguage
	extract  func(w *walker, root node)
	// open lists the node types whose children extract reads: the walk
	// lists the children of those only (and of the root). An entry
	// "type.field" opens the child in that field of a node of that type,
	// whatever the child's type (a JavaScript arrow function's expression
	// body), when its text holds one of words (or words is empty), and
	// only then: those fields are bodies extract reads nothing of without
	// one of words.
	open  []string
	words []string
	// imports, when set, is a query whose @path captures are the file's
	// imports (string literals); a match with a @fn capture (a call) is
	// one when call gives it a path.
	imports string
	call    func(fn, path string) string
	// gate, when set, lists texts one of which a file must contain for the
	// imports query to run (running it costs a walk of the whole tree).
	gate []string

	once      sync.Once
	lang      *C.TSLanguage
	types     []string          // node type names by symbol id
	errorType string            // the type name of error nodes, whose id is past them
	fieldIDs  map[string]uint16 // field ids by name
	fields    []string          // field names by id
	rules     *C.flat_rules     // in C memory, as long as the process
	importsQ  *C.TSQuery
	pathID    C.uint32_t // the ids of the @path and @fn captures
	fnID      C.uint32_t
	mu        sync.Mutex
	idle      []*flatState // states between parses, at most GOMAXPROCS
}

func (g *grammar) init() {
	g.once.Do(func() {
		g.lang = g.language()
		n := int(C.ts_language_symbol_count(g.lang))
		g.types = make([]string, n)
		for i := range g.types {
			g.types[i] = C.GoString(C.ts_language_symbol_name(g.lang, C.TSSymbol(i)))
		}
		g.errorType = C.GoString(C.ts_language_symbol_name(g.lang, C.TSSymbol(0xffff)))
		g.fieldIDs = map[string]uint16{}
		g.fields = make([]string, int(C.ts_language_field_count(g.lang))+1)
		for i := 1; i < len(g.fields); i++ {
			g.fields[i] = C.GoString(C.ts_language_field_name_for_id(g.lang, C.TSFieldId(i)))
			g.fieldIDs[g.fields[i]] = uint16(i)
		}
		g.rules = g.walkRules()
		if g.imports != "" {
			src := C.CString(g.imports)
			defer C.free(unsafe.Pointer(src))
			if g.importsQ = C.flat_query(g.lang, src, C.uint32_t(len(g.imports))); g.importsQ == nil {
				panic("symbols: an import query does not compile")
			}
			g.pathID, g.fnID = captureID(g.importsQ, "path"), captureID(g.importsQ, "fn")
		}
	})
}

// walkRules makes the flat_rules of g's open lists and words.
func (g *grammar) walkRules() *C.flat_rules {
	n := len(g.types)
	r := (*C.flat_rules)(C.calloc(1, C.sizeof_flat_rules))
	rules := (*C.flat_rule)(C.calloc(C.size_t(max(n, 1)), C.sizeof_flat_rule))
	if r == nil || rules == nil {
		panic("symbols: no memory for a grammar's rules")
	}
	r.rules, r.n_rules = rules, C.uint32_t(n)
	byID := unsafe.Slice(rules, n)
	for _, o := range g.open {
		typ, field, isField := strings.Cut(o, ".")
		id, ok := g.fieldIDs[field]
		if isField && !ok {
			panic("symbols: no field " + field + " in an open list")
		}
		for i, t := range g.types {
			if t != typ {
				continue
			}
			if isField {
				byID[i].field = C.uint16_t(id)
			} else {
				byID[i].open = 1
			}
		}
	}
	if len(g.words) > 0 {
		words := strings.Join(g.words, "\x00") + "\x00"
		r.words, r.words_len = C.CString(words), C.uint32_t(len(words))
	}
	return r
}

func captureID(q *C.TSQuery, name string) C.uint32_t {
	s := C.CString(name)
	defer C.free(unsafe.Pointer(s))
	return C.flat_capture_id(q, s)
}

// typ is the type name of symbol id sym.
func (g *grammar) typ(sym uint16) string {
	if int(sym) < len(g.types) {
		return g.types[sym]
	}
	return g.errorType
}

// flatState is a C parser with its walk's buffers (flat_state); a
// grammar's states are pooled.
type flatState struct{ c *C.flat_state }

// maxKept is the size past which a state's buffers are freed after a
// parse rather than kept for the next.
const maxKept = 1 << 20

// state takes an idle state of g's, or makes one. States are kept in a
// list of their own rather than a sync.Pool, which a garbage collection
// empties: a parser made again costs tree-sitter's allocator fresh pages.
func (g *grammar) state() *flatState {
	g.mu.Lock()
	if n := len(g.idle); n > 0 {
		st := g.idle[n-1]
		g.idle = g.idle[:n-1]
		g.mu.Unlock()
		return st
	}
	g.mu.Unlock()
	c := C.flat_new(g.lang)
	if c == nil {
		panic("symbols: no memory for a parser")
	}
	st := &flatState{c: c}
	runtime.AddCleanup(st, func(c *C.flat_state) { C.flat_free(c) }, c)
	return st
}

// release returns st to g's idle states; one past GOMAXPROCS is left to
// the garbage collector, whose cleanup frees its C memory.
func (g *grammar) release(st *flatState) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if len(g.idle) < runtime.GOMAXPROCS(0) {
		g.idle = append(g.idle, st)
	}
}

// parse reads content with lang's grammar.
func parse(ctx context.Context, lang Language, content []byte, opts Options) (*File, error) {
	f, _, err := parseWalks(ctx, lang, content, opts, false)
	return f, err
}

// parseWalks is parse, the walk opening only the grammar's open lists;
// when full is set, the same tree is walked again opening every node, and
// that walk's File returned too (what the open lists' test compares).
func parseWalks(ctx context.Context, lang Language, content []byte, opts Options, full bool) (pruned, all *File, err error) {
	g := grammars[lang]
	if g == nil {
		return &File{Language: lang, Skipped: SkipUnsupported}, &File{Language: lang, Skipped: SkipUnsupported}, nil
	}
	if err := ctx.Err(); err != nil {
		return nil, nil, err
	}
	g.init()
	st := g.state()
	defer g.release(st)
	q := g.query(content)
	status := st.parse(ctx, g, content, opts, q, full)
	pruned, err = g.file(ctx, lang, st, status, content)
	if full {
		// Walked even after an error: the walk frees the kept tree.
		status = C.flat_rewalk(st.c, contentPtr(content), C.uint32_t(len(content)), C.double(opts.MaxErrorShare),
			nil, q, g.pathID, g.fnID)
		if err == nil {
			all, err = g.file(ctx, lang, st, status, content)
		}
	}
	if uint64(st.c.cap_nodes)*C.sizeof_flat_node > maxKept || uint64(st.c.cap_captures)*C.sizeof_flat_capture > maxKept {
		C.flat_shrink(st.c, maxKept)
	}
	return pruned, all, err
}

// query is g's imports query when content may hold an import, nil when
// not.
func (g *grammar) query(content []byte) *C.TSQuery {
	if g.importsQ != nil && gateOpen(g.gate, content) {
		return g.importsQ
	}
	return nil
}

// contentPtr is content's first byte as C reads it, in place.
func contentPtr(content []byte) *C.char {
	return (*C.char)(unsafe.Pointer(unsafe.SliceData(content)))
}

// parse runs flat_parse on content with g's rules and imports query q: one
// call into C that parses, measures the error nodes and walks the tree,
// keeping it for flat_rewalk when keep is set. The content is read in
// place, not copied. A cancelled ctx stops the parse through the parser's
// cancellation flag.
func (st *flatState) parse(ctx context.Context, g *grammar, content []byte, opts Options, q *C.TSQuery, keep bool) C.int {
	flag := (*uintptr)(unsafe.Pointer(&st.c.cancel))
	var stop func() bool
	var stopped chan struct{}
	if ctx.Done() != nil {
		stopped = make(chan struct{})
		stop = context.AfterFunc(ctx, func() {
			atomic.StoreUintptr(flag, 1)
			close(stopped)
		})
	}
	status := C.flat_parse(st.c, contentPtr(content), C.uint32_t(len(content)), C.uint64_t(opts.Timeout.Microseconds()),
		C.double(opts.MaxErrorShare), g.rules, q, g.pathID, g.fnID, C.bool(keep))
	if stop != nil && !stop() {
		// The flag was set, or is being set: once it is, clear it for the
		// state's next parse.
		<-stopped
		atomic.StoreUintptr(flag, 0)
	}
	return status
}

// file makes the File of a flat_parse that returned status.
func (g *grammar) file(ctx context.Context, lang Language, st *flatState, status C.int, content []byte) (*File, error) {
	switch status {
	case C.FLAT_NO_TREE:
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		return &File{Language: lang, Skipped: SkipTimeout}, nil
	case C.FLAT_NO_MEMORY:
		panic("symbols: no memory for a tree's walk")
	}
	f := &File{Language: lang}
	if st.c.has_error && len(content) > 0 {
		f.ErrorShare = float64(st.c.error_bytes) / float64(len(content))
	}
	if status == C.FLAT_TOO_BROKEN {
		f.Skipped = SkipParseErrors
		return f, nil
	}
	w := &walker{src: content, lang: lang, file: f, g: g,
		nodes: unsafe.Slice((*C.flat_node)(unsafe.Pointer(st.c.nodes)), int(st.c.n_nodes))}
	g.extract(w, 0)
	for _, c := range unsafe.Slice((*C.flat_capture)(unsafe.Pointer(st.c.captures)), int(st.c.n_captures)) {
		p := unquote(string(content[c.path_start:c.path_end]))
		if c.fn_start != C.UINT32_MAX {
			p = g.call(string(content[c.fn_start:c.fn_end]), p)
		}
		w.addImportAt(int(c.path_row)+1, p)
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
