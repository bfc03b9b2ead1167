//go:build cgo

package symbols

/*
#include "flat.h"
*/
import "C"

import (
	"bytes"
	"strings"
	"unicode/utf8"
)

// walker collects one file's symbols and imports while a language's
// extract function reads its flat tree: the nodes flat_parse listed.
type walker struct {
	src   []byte
	lang  Language
	file  *File
	g     *grammar
	nodes []C.flat_node // in C memory, valid until the state's next parse
	// kids holds the lists children returned, one after the other: an
	// allocation for many lists rather than one a list.
	kids []child
}

// node is a node of the flat tree by index; none is no node.
type node int32

const none node = -1

// typ is n's type name.
func (w *walker) typ(n node) string { return w.g.typ(uint16(w.nodes[n].symbol)) }

// named reports whether n is a named node (not punctuation or a keyword).
func (w *walker) named(n node) bool { return w.nodes[n].flags&C.FLAT_NAMED != 0 }

// child is one child node with its field name and the first line of the
// comments and attributes directly above it (its own first line when
// none).
type child struct {
	node    node
	typ     string
	field   string
	docLine int
}

// children lists n's children in order, each with its field name and doc
// line. A node the walk did not open (its type is not in its grammar's
// open list) has none.
func (w *walker) children(n node) []child {
	if n == none || w.nodes[n].kids == 0 {
		return nil
	}
	if k := int(w.nodes[n].kids); cap(w.kids)-len(w.kids) < k {
		w.kids = make([]child, 0, max(k, 512))
	}
	start := len(w.kids)
	runStart, runEnd := -1, -1 // lines of the run of comments just before
	for c := n + 1; ; c = node(w.nodes[c].next) {
		k := child{node: c, typ: w.typ(c), field: w.g.fields[w.nodes[c].field], docLine: w.startLine(c)}
		last := len(w.kids) - 1
		switch {
		case !isLeading(k.typ):
			if runStart >= 0 && runEnd+1 >= k.docLine {
				k.docLine = runStart
			}
			runStart = -1
		case last >= start && !isLeading(w.kids[last].typ) && w.endLine(w.kids[last].node) == k.docLine:
			runStart = -1 // a comment on the line a declaration ends on trails it
		case runStart >= 0 && runEnd+1 >= k.docLine:
			runEnd = w.endLine(c)
		default:
			runStart, runEnd = k.docLine, w.endLine(c)
		}
		w.kids = append(w.kids, k)
		if w.nodes[c].next == 0 {
			return w.kids[start:len(w.kids):len(w.kids)]
		}
	}
}

// field returns n's first child of field name, or none.
func (w *walker) field(n node, name string) node {
	id, ok := w.g.fieldIDs[name]
	if n == none || !ok || w.nodes[n].kids == 0 {
		return none
	}
	for c := n + 1; ; c = node(w.nodes[c].next) {
		if uint16(w.nodes[c].field) == id {
			return c
		}
		if w.nodes[c].next == 0 {
			return none
		}
	}
}

// isLeading reports whether a node of type t attaches to the declaration
// below it: a comment or a Rust attribute.
func isLeading(t string) bool {
	switch t {
	case "comment", "line_comment", "block_comment", "attribute_item":
		return true
	}
	return false
}

// add appends a symbol for node n named by nameNode (or name when
// nameNode is none; "(anonymous)" when that is empty) and returns its
// index.
func (w *walker) add(n, nameNode node, name string, kind Kind, parent int, docLine int) int {
	if nameNode != none {
		name = w.text(nameNode)
	}
	if name = squeeze(name); name == "" {
		name = "(anonymous)" // a name missing in broken code
	}
	s := Symbol{
		Name:      name,
		Qualified: name,
		Kind:      kind,
		StartLine: w.startLine(n),
		EndLine:   w.endLine(n),
		NameLine:  w.startLine(n),
		DocLine:   min(docLine, w.startLine(n)),
		Parent:    parent,
	}
	if docLine <= 0 {
		s.DocLine = s.StartLine
	}
	from := w.nodes[n].start_byte
	if nameNode != none {
		s.NameLine = w.startLine(nameNode)
		from = w.nodes[nameNode].end_byte
	}
	s.Shape = shape(w.src[from:max(from, w.nodes[n].end_byte)])
	if parent >= 0 {
		s.Qualified = w.file.Symbols[parent].Qualified + w.lang.separator() + name
	}
	w.file.Symbols = append(w.file.Symbols, s)
	return len(w.file.Symbols) - 1
}

// shape hashes text (FNV-1a) with each run of white space as one space.
func shape(text []byte) uint64 {
	h := uint64(14695981039346656037)
	space := false
	for _, c := range text {
		if c == ' ' || c == '\t' || c == '\n' || c == '\r' {
			space = true
			continue
		}
		if space {
			h = (h ^ ' ') * 1099511628211
			space = false
		}
		h = (h ^ uint64(c)) * 1099511628211
	}
	return h
}

// qualify sets the qualified name of symbol i to container + name.
func (w *walker) qualify(i int, container string) {
	if container != "" {
		s := &w.file.Symbols[i]
		s.Qualified = container + w.lang.separator() + s.Name
	}
}

// addImport records an import written at node n.
func (w *walker) addImport(n node, path string, names ...string) {
	w.addImportAt(w.startLine(n), path, names...)
}

// addImportAt records an import written at line.
func (w *walker) addImportAt(line int, path string, names ...string) {
	if path == "" {
		return
	}
	w.file.Imports = append(w.file.Imports, Import{Path: path, Names: names, Line: line})
}

// mentions reports whether n's text contains one of words: a cheap test
// before walking a subtree for what only such text can declare.
func (w *walker) mentions(n node, words ...string) bool {
	if n == none {
		return false
	}
	text := w.src[w.nodes[n].start_byte:w.nodes[n].end_byte]
	for _, word := range words {
		if bytes.Contains(text, []byte(word)) {
			return true
		}
	}
	return false
}

func (w *walker) text(n node) string {
	if n == none {
		return ""
	}
	return string(w.src[w.nodes[n].start_byte:w.nodes[n].end_byte])
}

// squeeze is s without its white space, as strings.Join(strings.Fields(s),
// "") is, without allocating when s has none.
func squeeze(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c <= ' ' || c >= utf8.RuneSelf {
			return strings.Join(strings.Fields(s), "")
		}
	}
	return s
}

// unquote strips the quotes of a string literal's text.
func unquote(s string) string {
	s = strings.TrimSpace(s)
	if len(s) >= 2 && strings.ContainsRune("\"'`", rune(s[0])) && s[len(s)-1] == s[0] {
		return s[1 : len(s)-1]
	}
	return s
}

// stripGenerics drops type arguments: "Stack[T]" and "Stack<T>" are "Stack".
func stripGenerics(s string) string {
	if i := strings.IndexAny(s, "[<"); i > 0 {
		return strings.TrimSpace(s[:i])
	}
	return strings.TrimSpace(s)
}

func (w *walker) startLine(n node) int { return int(w.nodes[n].start_row) + 1 }

// endLine is the last line n has text on: a node that ends at the start
// of a line ends on the line before.
func (w *walker) endLine(n node) int {
	p := &w.nodes[n]
	if p.flags&C.FLAT_ENDS_AT_LINE_START != 0 && p.end_row > p.start_row {
		return int(p.end_row)
	}
	return int(p.end_row) + 1
}
