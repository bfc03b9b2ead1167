//go:build cgo

package symbols

/*
#include "tsapi.h"
*/
import "C"

import (
	// The grammars' C code, whose tree_sitter_LANG functions tsapi.h
	// declares; they link in tree-sitter's own C code too.
	_ "github.com/smacker/go-tree-sitter/c"
	_ "github.com/smacker/go-tree-sitter/cpp"
	_ "github.com/smacker/go-tree-sitter/golang"
	_ "github.com/smacker/go-tree-sitter/java"
	_ "github.com/smacker/go-tree-sitter/javascript"
	_ "github.com/smacker/go-tree-sitter/python"
	_ "github.com/smacker/go-tree-sitter/ruby"
	_ "github.com/smacker/go-tree-sitter/rust"
	_ "github.com/smacker/go-tree-sitter/typescript/tsx"
	_ "github.com/smacker/go-tree-sitter/typescript/typescript"
)

// grammars are the languages this build reads, each with its extractor
// and the node types it opens.
var grammars = map[Language]*grammar{
	Go:         {language: func() *C.TSLanguage { return C.tree_sitter_go() }, extract: goExtract, open: goOpen},
	Python:     {language: func() *C.TSLanguage { return C.tree_sitter_python() }, extract: pyExtract, open: pyOpen, words: pyBodyWords},
	JavaScript: {language: func() *C.TSLanguage { return C.tree_sitter_javascript() }, extract: jsExtract, open: jsOpen, words: jsBodyWords, imports: jsImports, call: jsCall, gate: jsGate},
	TypeScript: {language: func() *C.TSLanguage { return C.tree_sitter_typescript() }, extract: jsExtract, open: jsOpen, words: jsBodyWords, imports: tsImports, call: jsCall, gate: jsGate},
	TSX:        {language: func() *C.TSLanguage { return C.tree_sitter_tsx() }, extract: jsExtract, open: jsOpen, words: jsBodyWords, imports: tsImports, call: jsCall, gate: jsGate},
	Rust:       {language: func() *C.TSLanguage { return C.tree_sitter_rust() }, extract: rustExtract, open: rustOpen},
	Java:       {language: func() *C.TSLanguage { return C.tree_sitter_java() }, extract: javaExtract, open: javaOpen},
	C:          {language: func() *C.TSLanguage { return C.tree_sitter_c() }, extract: cExtract, open: cOpen},
	CPP:        {language: func() *C.TSLanguage { return C.tree_sitter_cpp() }, extract: cExtract, open: cOpen},
	Ruby:       {language: func() *C.TSLanguage { return C.tree_sitter_ruby() }, extract: rubyExtract, open: rubyOpen, imports: rubyImports, call: rubyCall, gate: []string{"require"}},
}
