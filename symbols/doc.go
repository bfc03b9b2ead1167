// Package symbols reads symbol ranges and imports out of source files with
// tree-sitter grammars, so that provenance can narrow a file's history to one
// function, class or method, and list the files that import it.
//
// A Parser parses content (Parser.Parse, by file name) into a File: its
// Symbols (functions, methods, classes, structs, interfaces, traits, impl
// blocks, enums, types, modules, consts and vars, each with its Kind, 1-based
// StartLine, EndLine, NameLine and DocLine, the Parent it is declared in, and
// a Shape that survives a rename or a move), its Imports as written, and the
// Package a Go or Java file declares. Names are qualified as a user writes
// them: Server.Handle, Widget.render, Widget::render in Rust and C++,
// Shop::Widget#render in Ruby. Go, Python, JavaScript, TypeScript, TSX, Rust,
// Java, C, C++ and Ruby are read (LanguageOf names a file's language); each
// lang_*.go file states what it extracts.
//
// Find resolves what a user types ("Handle", "(*Server).Handle",
// "Widget.render") to one symbol, or reports an *AmbiguousError listing the
// candidates, or ErrNotFound; Matches gives the candidates themselves. At
// gives the innermost symbol that contains a line.
//
// Reading symbols is best effort: a file in another language, larger than
// Options.MaxBytes, with too large a share of error nodes, or slower than
// Options.Timeout comes back with File.Skipped set (a SkipReason) and is
// counted in Parser.Stats; it is never an error. Results are cached by Key:
// the content's git blob id (BlobID) and the language, in an LRU in memory by
// default, or in any Cache (an archive can persist them, with Version).
//
// Repo answers Importers: for a file of a repository (a list of paths and a
// Source that reads them, from git blobs or the work tree), the files that
// import it. Go resolves import paths through the module path of the nearest
// go.mod (nested modules included); Python, absolute and relative imports and
// packages; JavaScript and TypeScript, relative specifiers with extension and
// index resolution, tsconfig paths and baseUrl (extends followed) and
// workspace packages by their package.json name; Rust, mod declarations and
// use paths; Java, type and wildcard imports by package; C and C++, quoted
// includes; Ruby, require and require_relative. The imports_*.go files state
// the rules. Candidates are narrowed by text before they are parsed; a
// BlobSource, which knows blob ids without reading, lets cached parses answer
// without reading files.
//
// A file is parsed and its tree read in one call into C (flat.c): the walk
// lists, in document order, the nodes under those of the types a language's
// extractor reads the children of (its open list, beside its extractor),
// and the extractors read that flat list and the content. tree-sitter is C:
// with cgo disabled the package builds, Available is false and every file
// is skipped with SkipNoCgo.
package symbols
