//go:build cgo

package symbols

import (
	"github.com/smacker/go-tree-sitter/c"
	"github.com/smacker/go-tree-sitter/cpp"
	"github.com/smacker/go-tree-sitter/golang"
	"github.com/smacker/go-tree-sitter/java"
	"github.com/smacker/go-tree-sitter/javascript"
	"github.com/smacker/go-tree-sitter/python"
	"github.com/smacker/go-tree-sitter/ruby"
	"github.com/smacker/go-tree-sitter/rust"
	"github.com/smacker/go-tree-sitter/typescript/tsx"
	"github.com/smacker/go-tree-sitter/typescript/typescript"
)

// grammars are the languages this build reads, each with its extractor.
var grammars = map[Language]*grammar{
	Go:         {language: golang.GetLanguage, extract: goExtract},
	Python:     {language: python.GetLanguage, extract: pyExtract},
	JavaScript: {language: javascript.GetLanguage, extract: jsExtract, imports: jsImports, call: jsCall, gate: jsGate},
	TypeScript: {language: typescript.GetLanguage, extract: jsExtract, imports: tsImports, call: jsCall, gate: jsGate},
	TSX:        {language: tsx.GetLanguage, extract: jsExtract, imports: tsImports, call: jsCall, gate: jsGate},
	Rust:       {language: rust.GetLanguage, extract: rustExtract},
	Java:       {language: java.GetLanguage, extract: javaExtract},
	C:          {language: c.GetLanguage, extract: cExtract},
	CPP:        {language: cpp.GetLanguage, extract: cExtract},
	Ruby:       {language: ruby.GetLanguage, extract: rubyExtract, imports: rubyImports, call: rubyCall, gate: []string{"require"}},
}
