package symbols

import (
	"path"
	"strings"
)

// Language names a grammar.
type Language string

// The languages symbols reads.
const (
	Go         Language = "go"
	Python     Language = "python"
	JavaScript Language = "javascript"
	TypeScript Language = "typescript"
	TSX        Language = "tsx"
	Rust       Language = "rust"
	Java       Language = "java"
	C          Language = "c"
	CPP        Language = "cpp"
	Ruby       Language = "ruby"
)

var extensions = map[string]Language{
	".go": Go,
	".py": Python, ".pyi": Python,
	".js": JavaScript, ".jsx": JavaScript, ".mjs": JavaScript, ".cjs": JavaScript,
	".ts": TypeScript, ".mts": TypeScript, ".cts": TypeScript,
	".tsx":  TSX,
	".rs":   Rust,
	".java": Java,
	".c":    C, ".h": C,
	".cc": CPP, ".cpp": CPP, ".cxx": CPP, ".hpp": CPP, ".hh": CPP, ".hxx": CPP,
	".rb": Ruby,
}

// LanguageOf names the language of a file by its extension; false when
// symbols has no grammar for it. A .h header is C here; Parser.Parse reads
// one that looks like C++ as C++.
func LanguageOf(name string) (Language, bool) {
	l, ok := extensions[strings.ToLower(path.Ext(name))]
	return l, ok
}

// separator is what joins a symbol to its container in the language's own
// way of writing it.
func (l Language) separator() string {
	switch l {
	case Rust, CPP:
		return "::"
	}
	return "."
}
