package recall

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"hansard/symbols"
)

// resolveSymbol gives loc, naming a symbol of the file at abs, the lines of
// that symbol in the working tree. A name that is no symbol of the file,
// one that several symbols share, a file symbols cannot read and a past
// revision (a symbol names lines of the current file) are invalid_argument
// errors.
func resolveSymbol(ctx context.Context, loc FileLocation, abs, rev string) (FileLocation, error) {
	if rev != "" {
		return loc, invalidArgf("location", "%s:%s names lines of the current file: with --rev, give line numbers", loc.Path, loc.Symbol)
	}
	content, err := os.ReadFile(abs)
	if err != nil {
		return loc, internal("read "+loc.Path, err)
	}
	f, err := symbols.NewParser(symbols.Options{}).Parse(ctx, filepath.Base(abs), content)
	if err != nil {
		return loc, internal("read the symbols of "+loc.Path, err)
	}
	if f.Skipped != "" {
		return loc, invalidArgf("location", "%s:%s: no symbols for this file (%s): give line numbers", loc.Path, loc.Symbol, f.Skipped)
	}
	sym, err := symbols.Find(f.Symbols, loc.Symbol)
	var amb *symbols.AmbiguousError
	switch {
	case errors.As(err, &amb):
		var names []string
		for _, c := range amb.Candidates {
			names = append(names, fmt.Sprintf("%s:%d-%d (%s %s)", loc.Path, c.StartLine, c.EndLine, c.Kind, c.Qualified))
		}
		return loc, invalidArgf("location", "%s:%s names several symbols: %s", loc.Path, loc.Symbol, strings.Join(names, ", "))
	case errors.Is(err, symbols.ErrNotFound):
		return loc, invalidArgf("location", "%s has no function, method or type named %q", loc.Path, loc.Symbol)
	case err != nil:
		return loc, internal("find "+loc.Symbol, err)
	}
	loc.Start, loc.End = sym.StartLine, sym.EndLine
	return loc, nil
}

// symbolOrPath takes loc back to a whole path when what reads as PATH:NAME
// is the name of a file with a colon in it (raw) and PATH is no file.
func symbolOrPath(loc FileLocation, raw, dir string) FileLocation {
	if loc.Symbol == "" {
		return loc
	}
	abs := func(p string) string {
		if filepath.IsAbs(p) || dir == "" {
			return p
		}
		return filepath.Join(dir, p)
	}
	if _, err := os.Stat(abs(loc.Path)); err == nil {
		return loc
	}
	if fi, err := os.Stat(abs(raw)); err == nil && !fi.IsDir() {
		return FileLocation{Path: raw}
	}
	return loc
}

// SymbolLines is a function, method or type of a file with its lines
// (1-based, inclusive).
type SymbolLines struct {
	Qualified  string
	Kind       string
	Start, End int
}

// FileSymbols returns the symbols of the file at abs, in file order;
// none for a file symbols cannot read (another language, a build without
// cgo).
func FileSymbols(ctx context.Context, abs string) ([]SymbolLines, error) {
	content, err := os.ReadFile(abs)
	if err != nil {
		return nil, err
	}
	f, err := symbols.NewParser(symbols.Options{}).Parse(ctx, filepath.Base(abs), content)
	if err != nil {
		return nil, err
	}
	out := make([]SymbolLines, 0, len(f.Symbols))
	for _, s := range f.Symbols {
		out = append(out, SymbolLines{Qualified: s.Qualified, Kind: string(s.Kind), Start: s.StartLine, End: s.EndLine})
	}
	return out, nil
}
