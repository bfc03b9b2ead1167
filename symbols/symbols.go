package symbols

import "errors"

// Kind is what a symbol declares.
type Kind string

// The kinds of symbols. A language uses the ones it has: Go has no class,
// Python no struct.
const (
	KindFunction  Kind = "function"
	KindMethod    Kind = "method" // a function of a receiver, class, impl, trait or interface
	KindClass     Kind = "class"
	KindStruct    Kind = "struct"
	KindInterface Kind = "interface"
	KindTrait     Kind = "trait"
	KindImpl      Kind = "impl"
	KindEnum      Kind = "enum"
	KindType      Kind = "type"   // a named type that is none of the above (alias, union, typedef)
	KindModule    Kind = "module" // a namespace, Rust mod, Ruby module
	KindConst     Kind = "const"
	KindVar       Kind = "var"
	KindMacro     Kind = "macro"
)

// Symbol is one declaration of a file with its lines. Lines are 1-based and
// inclusive.
type Symbol struct {
	Name string // as declared: "Handle", "render"
	// Qualified is the name as a user writes it, with its enclosing type,
	// class or module: "Server.Handle", "Widget.render", "Widget::render"
	// (Rust and C++ use "::"), "Shop::Widget#render" (Ruby's instance
	// methods; its singleton methods take "."). It is Name at the top level.
	Qualified string
	Kind      Kind
	// Receiver is the receiver type of a Go method as written, without type
	// parameters: "*Server" or "Server". Empty elsewhere.
	Receiver string

	StartLine int // the first line of the declaration, decorators and annotations included
	EndLine   int
	NameLine  int // the line of the name
	// DocLine is the first line of the comments (and Rust attributes)
	// directly above the declaration; StartLine when it has none.
	DocLine int

	// Shape is a hash of the declaration's text after its name, runs of
	// white space counted as one: a symbol renamed or moved without other
	// change keeps its Shape, so one version's symbol can be found in
	// another's.
	Shape uint64

	// Parent is the index, in the same slice, of the symbol this one is
	// declared in (a method's class, an inner class's outer class); -1 at
	// the top level. Symbols are ordered by position, so a parent comes
	// before its children.
	Parent int
}

// Contains reports whether line lies within the symbol's declaration
// (StartLine to EndLine).
func (s Symbol) Contains(line int) bool {
	return s.StartLine <= line && line <= s.EndLine
}

// Import is one import of a file as written: a Go import path, a Python
// module ("a.b", ".", "..pkg.mod"), a JS/TS specifier, a Rust path
// ("crate::a::b", "self::x" for `mod x;`), a Java name ("a.b.C", "a.b.*").
type Import struct {
	Path string
	// Names are the names a Python `from X import a, b` imports (submodules
	// or names of X). Empty elsewhere.
	Names []string
	Line  int
}

// File is what parsing one file's content gives: its symbols and imports,
// or the reason it was skipped. A File may be shared through the cache:
// treat it as read-only.
type File struct {
	Language Language
	Symbols  []Symbol
	Imports  []Import
	// Package is the package a Go or Java file declares ("" elsewhere).
	Package string
	// Skipped says why the file has no symbols; empty when it was parsed.
	Skipped SkipReason
	// ErrorShare is the share of the content that tree-sitter could not
	// parse (error nodes), from 0 to 1.
	ErrorShare float64
}

// SkipReason says why a file has no symbols. Skipping is never an error:
// the caller goes on without symbols for that file.
type SkipReason string

// The reasons a file is skipped.
const (
	SkipUnsupported SkipReason = "unsupported language"
	SkipTooLarge    SkipReason = "file too large"
	SkipParseErrors SkipReason = "too many parse errors"
	SkipTimeout     SkipReason = "parse timed out"
	SkipNoCgo       SkipReason = "symbols need a cgo build (CGO_ENABLED=1)"
)

// ErrNoCgo is what Repo.Importers returns in a build without cgo, whose
// files are all skipped with SkipNoCgo.
var ErrNoCgo = errors.New(string(SkipNoCgo))
