//go:build cgo

package symbols

import (
	"bytes"
	"strings"

	sitter "github.com/smacker/go-tree-sitter"
)

// walker collects one file's symbols and imports while a language's
// extract function walks its tree.
type walker struct {
	src   []byte
	lang  Language
	file  *File
	types []string // the grammar's node type names by symbol id
}

// typ is n's type: Node.Type without the string it allocates.
func (w *walker) typ(n *sitter.Node) string {
	if s := int(n.Symbol()); s < len(w.types) {
		return w.types[s]
	}
	return n.Type()
}

// child is one child node with the first line of the comments and
// attributes directly above it (its own first line when none).
type child struct {
	node    *sitter.Node
	typ     string // node.Type(), read once (each read is a cgo call)
	field   string // with fields only
	docLine int
}

// children lists n's children in order through a tree cursor (indexing
// children one by one is quadratic in tree-sitter), each with its doc line
// and without its field name.
func (w *walker) children(n *sitter.Node) []child { return w.list(n, false) }

// fields is children with their field names (a cgo call more each).
func (w *walker) fields(n *sitter.Node) []child { return w.list(n, true) }

func (w *walker) list(n *sitter.Node, withFields bool) []child {
	if n == nil {
		return nil
	}
	cur := sitter.NewTreeCursor(n)
	defer cur.Close()
	if !cur.GoToFirstChild() {
		return nil
	}
	var out []child
	runStart, runEnd := -1, -1 // lines of the run of comments just before
	for {
		c := cur.CurrentNode()
		k := child{node: c, typ: w.typ(c), docLine: startLine(c)}
		if withFields {
			k.field = cur.CurrentFieldName()
		}
		switch {
		case !isLeading(k.typ):
			if runStart >= 0 && runEnd+1 >= k.docLine {
				k.docLine = runStart
			}
			runStart = -1
		case len(out) > 0 && !isLeading(out[len(out)-1].typ) && endLine(out[len(out)-1].node) == k.docLine:
			runStart = -1 // a comment on the line a declaration ends on trails it
		case runStart >= 0 && runEnd+1 >= k.docLine:
			runEnd = endLine(c)
		default:
			runStart, runEnd = k.docLine, endLine(c)
		}
		out = append(out, k)
		if !cur.GoToNextSibling() {
			return out
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
// nameNode is nil; "(anonymous)" when that is empty) and returns its
// index.
func (w *walker) add(n, nameNode *sitter.Node, name string, kind Kind, parent int, docLine int) int {
	if nameNode != nil {
		name = w.text(nameNode)
	}
	if name = strings.Join(strings.Fields(name), ""); name == "" {
		name = "(anonymous)" // a name missing in broken code
	}
	s := Symbol{
		Name:      name,
		Qualified: name,
		Kind:      kind,
		StartLine: startLine(n),
		EndLine:   endLine(n),
		NameLine:  startLine(n),
		DocLine:   min(docLine, startLine(n)),
		Parent:    parent,
	}
	if docLine <= 0 {
		s.DocLine = s.StartLine
	}
	from := n.StartByte()
	if nameNode != nil {
		s.NameLine = startLine(nameNode)
		from = nameNode.EndByte()
	}
	s.Shape = shape(w.src[from:max(from, n.EndByte())])
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
func (w *walker) addImport(n *sitter.Node, path string, names ...string) {
	if path == "" {
		return
	}
	w.file.Imports = append(w.file.Imports, Import{Path: path, Names: names, Line: startLine(n)})
}

// mentions reports whether n's text contains one of words: a cheap test
// before walking a subtree for what only such text can declare.
func (w *walker) mentions(n *sitter.Node, words ...string) bool {
	if n == nil {
		return false
	}
	text := w.src[n.StartByte():n.EndByte()]
	for _, word := range words {
		if bytes.Contains(text, []byte(word)) {
			return true
		}
	}
	return false
}

func (w *walker) text(n *sitter.Node) string {
	if n == nil {
		return ""
	}
	return string(w.src[n.StartByte():n.EndByte()])
}

// field returns n's child of field name, or nil.
func field(n *sitter.Node, name string) *sitter.Node {
	if n == nil {
		return nil
	}
	return n.ChildByFieldName(name)
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

func startLine(n *sitter.Node) int { return int(n.StartPoint().Row) + 1 }

// endLine is the last line n has text on: a node that ends at the start
// of a line ends on the line before.
func endLine(n *sitter.Node) int {
	p := n.EndPoint()
	if p.Column == 0 && p.Row > n.StartPoint().Row {
		return int(p.Row)
	}
	return int(p.Row) + 1
}
