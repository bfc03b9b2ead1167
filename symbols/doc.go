// Package symbols will hold symbol ranges and imports per language, read
// with tree-sitter grammars, so that provenance can narrow a file's history
// to one function, class or method and list the files that import it. It
// has no code yet: nothing in hansard reads symbols so far.
package symbols
