//go:build cgo

package symbols

import (
	"strings"
)

// rubyOpen are the node types whose children rubyExtract reads.
var rubyOpen = []string{
	"module", "class", "singleton_class", "method", "singleton_method", "assignment",
	"body_statement", "begin", "if", "unless",
}

// rubyExtract reads a Ruby file: modules and classes (Shop::Widget),
// instance methods (Shop::Widget#render), singleton methods, those of
// `class << self` included (Shop::Widget.build), constants assigned in a
// module or class body; comments above count in DocLine. Imports are require (as written) and
// require_relative (made relative: "./x").
func rubyExtract(w *walker, root node) {
	rbScope(w, root, -1, "", false)
}

func rbScope(w *walker, n node, parent int, prefix string, singleton bool) {
	for _, c := range w.children(n) {
		d := c.node
		switch c.typ {
		case "module", "class":
			kind := KindModule
			if w.typ(d) == "class" {
				kind = KindClass
			}
			name := squeeze(w.text(w.field(d, "name")))
			i := w.add(d, none, name[strings.LastIndex(name, ":")+1:], kind, parent, c.docLine)
			w.file.Symbols[i].NameLine = w.startLine(w.field(d, "name"))
			w.file.Symbols[i].Qualified = joinName(prefix, name, "::")
			first := len(w.file.Symbols)
			rbScope(w, w.field(d, "body"), i, w.file.Symbols[i].Qualified, false)
			if first < len(w.file.Symbols) {
				rbLeadingDoc(w, d, &w.file.Symbols[first])
			}
		case "singleton_class":
			rbScope(w, w.field(d, "body"), parent, prefix, true)
		case "method", "singleton_method":
			i := w.add(d, w.field(d, "name"), "", KindMethod, parent, c.docLine)
			if parent < 0 {
				w.file.Symbols[i].Kind = KindFunction
			}
			sep := "#"
			if singleton || w.typ(d) == "singleton_method" {
				sep = "."
			}
			w.file.Symbols[i].Qualified = joinName(prefix, w.file.Symbols[i].Name, sep)
		case "assignment":
			if left := w.field(d, "left"); left != none && w.typ(left) == "constant" && parent >= 0 {
				i := w.add(d, left, "", KindConst, parent, c.docLine)
				w.file.Symbols[i].Qualified = joinName(prefix, w.file.Symbols[i].Name, "::")
			}
		case "body_statement", "begin", "if", "unless":
			rbScope(w, d, parent, prefix, singleton)
		}
	}
}

// rbLeadingDoc gives the first symbol of a module or class body the
// comments above it that the grammar hangs on the module or class node
// itself, before its body, rather than in the body.
func rbLeadingDoc(w *walker, d node, s *Symbol) {
	if s.DocLine != s.StartLine {
		return
	}
	next := s.StartLine
	kids := w.children(d)
	for k := len(kids) - 1; k >= 0; k-- {
		c := kids[k]
		if w.startLine(c.node) >= s.StartLine {
			continue // the body and what follows it
		}
		if c.typ != "comment" || w.endLine(c.node)+1 < next {
			break
		}
		next = w.startLine(c.node)
	}
	s.DocLine = next
}

// rubyImports is the import query of Ruby: calls with a string argument.
const rubyImports = `(call method: (identifier) @fn arguments: (argument_list . (string) @path))`

// rubyCall keeps require and require_relative, the latter made relative.
func rubyCall(fn, path string) string {
	switch fn {
	case "require":
		return path
	case "require_relative":
		if !strings.HasPrefix(path, ".") {
			path = "./" + path
		}
		return path
	}
	return ""
}
