package recall

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"hansard/provenance"
	"hansard/provenance/gitrepo"
	"hansard/symbols"
)

// maxImporters bounds the importers a history lists.
const maxImporters = 100

// errNoCgo is what a symbol asked of a build without cgo answers.
const errNoCgo = "symbols need a cgo build (CGO_ENABLED=1)"

var symbolParser = sync.OnceValue(func() *symbols.Parser { return symbols.NewParser(symbols.Options{}) })

// symbolAnswers finds the symbol name designates in the file at abs and
// answers its lines as Why does.
func (h *Host) symbolAnswers(ctx context.Context, abs, name string) (SymbolRange, []provenance.Attribution, error) {
	if !symbols.Available() {
		return SymbolRange{}, nil, invalidArg("symbol", errNoCgo)
	}
	content, err := os.ReadFile(abs)
	if err != nil {
		return SymbolRange{}, nil, internal("read "+abs, err)
	}
	f, err := symbolParser().Parse(ctx, abs, content)
	if err != nil {
		return SymbolRange{}, nil, internal("parse "+abs, err)
	}
	if f.Skipped != "" {
		return SymbolRange{}, nil, invalidArgf("symbol", "the symbols of %s cannot be read: %s", filepath.Base(abs), f.Skipped)
	}
	sym, err := symbols.Find(f.Symbols, name)
	var amb *symbols.AmbiguousError
	switch {
	case errors.As(err, &amb):
		e := &Error{Code: CodeAmbiguous, Field: "symbol", Message: amb.Error()}
		for _, c := range amb.Candidates {
			e.Candidates = append(e.Candidates, c.Qualified)
		}
		return SymbolRange{}, nil, e
	case errors.Is(err, symbols.ErrNotFound):
		return SymbolRange{}, nil, &Error{Code: CodeNotFound, Field: "symbol", Message: fmt.Sprintf("no symbol %s in %s", name, filepath.Base(abs))}
	case err != nil:
		return SymbolRange{}, nil, internal("find "+name, err)
	}
	r := SymbolRange{Name: sym.Qualified, Kind: string(sym.Kind), StartLine: sym.StartLine, EndLine: sym.EndLine}
	why, err := h.Why(ctx, WhyRequest{Location: fmt.Sprintf("%s:%d-%d", abs, sym.StartLine, sym.EndLine)})
	if err != nil {
		return SymbolRange{}, nil, err
	}
	return r, why.Answers, nil
}

// touchesSymbol keeps the edits the symbol's answers name, and those that
// introduced a substantive line the symbol holds now.
func touchesSymbol(answers []provenance.Attribution, keys map[string]bool) func(sessionEdit) bool {
	named := inAnswers(answers)
	return func(e sessionEdit) bool { return named(e) || anyIn(e.added, keys) }
}

// importersOf lists the files of the repository that import rel, with
// notes on what could not be read.
func importersOf(ctx context.Context, repo *gitrepo.Repo, rel string) ([]HistoryImporter, []string) {
	if !symbols.Available() {
		return nil, []string{"importers: " + errNoCgo}
	}
	if _, ok := symbols.LanguageOf(rel); !ok {
		return nil, nil
	}
	files, err := repo.TrackedFiles(ctx)
	if err != nil {
		return nil, []string{"importers: " + err.Error()}
	}
	imps, stats, err := symbols.NewRepo(files, workTree(repo.WorkTree), symbolParser()).Importers(ctx, rel)
	if err != nil {
		return nil, []string{"importers: " + err.Error()}
	}
	var notes []string
	if stats.Skipped > 0 {
		notes = append(notes, fmt.Sprintf("importers: %d files could not be read", stats.Skipped))
	}
	slices.SortFunc(imps, func(a, b symbols.Importer) int { return strings.Compare(a.Path, b.Path) })
	if len(imps) > maxImporters {
		notes = append(notes, fmt.Sprintf("importers: the first %d of %d are listed", maxImporters, len(imps)))
		imps = imps[:maxImporters]
	}
	out := make([]HistoryImporter, len(imps))
	for i, im := range imps {
		out[i] = HistoryImporter{Path: im.Path, Line: im.Line, Import: im.Import}
	}
	return out, notes
}

// workTree reads a repository's files from its working tree.
type workTree string

func (w workTree) ReadFile(path string) ([]byte, error) {
	return os.ReadFile(filepath.Join(string(w), filepath.FromSlash(path)))
}
