package recall

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"hansard/provenance"
	"hansard/provenance/gitrepo"
	"hansard/symbols"
)

// maxImporters bounds the importers a history lists.
const maxImporters = 100

// noCgoNote is what a build without cgo answers where symbols are asked for.
const noCgoNote = "symbols need a cgo build (CGO_ENABLED=1)"

// symbolAnswers finds the symbol name designates in the file at abs and
// answers its lines as Why does.
func (h *Host) symbolAnswers(ctx context.Context, abs, name string) (symbols.Symbol, []provenance.Attribution, error) {
	if !symbols.Available() {
		return symbols.Symbol{}, nil, invalidArg("symbol", noCgoNote)
	}
	content, err := os.ReadFile(abs)
	if err != nil {
		return symbols.Symbol{}, nil, internal("read "+abs, err)
	}
	parser, _ := h.symbolParser()
	f, err := parser.Parse(ctx, abs, content)
	if err != nil {
		return symbols.Symbol{}, nil, internal("parse "+abs, err)
	}
	if f.Skipped != "" {
		return symbols.Symbol{}, nil, invalidArgf("symbol", "the symbols of %s cannot be read: %s", filepath.Base(abs), f.Skipped)
	}
	sym, err := symbols.Find(f.Symbols, name)
	var amb *symbols.AmbiguousError
	switch {
	case errors.As(err, &amb):
		e := &Error{Code: CodeAmbiguous, Field: "symbol", Message: amb.Error()}
		for _, c := range amb.Candidates {
			e.Candidates = append(e.Candidates, c.Qualified)
		}
		return symbols.Symbol{}, nil, e
	case errors.Is(err, symbols.ErrNotFound):
		return symbols.Symbol{}, nil, &Error{Code: CodeNotFound, Field: "symbol", Message: fmt.Sprintf("no symbol %s in %s", name, filepath.Base(abs))}
	case err != nil:
		return symbols.Symbol{}, nil, internal("find "+name, err)
	}
	why, err := h.Why(ctx, WhyRequest{Location: fmt.Sprintf("%s:%d-%d", abs, sym.StartLine, sym.EndLine)})
	if err != nil {
		return symbols.Symbol{}, nil, err
	}
	return sym, why.Answers, nil
}

// symbolKeys returns the keys of the substantive lines sym holds now and
// held in every earlier version of the file, followed back commit by
// commit: in each older version, the symbol of the same qualified name and
// kind, else the one of the same Shape (renamed or moved without other
// change). The walk stops where neither is found.
func (f *fileHistory) symbolKeys(ctx context.Context, sym symbols.Symbol) map[string]bool {
	keys := f.lineKeys(sym.StartLine, sym.EndLine)
	cur := sym
	parser, _ := f.host.symbolParser()
	for _, c := range f.history {
		blob, err := f.repo.Blob(c.Commit, c.Path)
		if err != nil {
			break
		}
		file, err := parser.Parse(ctx, c.Path, blob)
		if err != nil || file.Skipped != "" {
			break
		}
		found, ok := sameSymbol(file.Symbols, cur)
		if !ok {
			break
		}
		lines := splitLines(string(blob))
		if lo, hi := max(found.StartLine, 1)-1, min(found.EndLine, len(lines)); lo < hi {
			for k := range keySet(lines[lo:hi]) {
				keys[k] = true
			}
		}
		cur = found
	}
	return keys
}

func sameSymbol(syms []symbols.Symbol, want symbols.Symbol) (symbols.Symbol, bool) {
	for _, s := range syms {
		if s.Qualified == want.Qualified && s.Kind == want.Kind {
			return s, true
		}
	}
	for _, s := range syms {
		if s.Shape == want.Shape && s.Kind == want.Kind {
			return s, true
		}
	}
	return symbols.Symbol{}, false
}

// touchesSymbol keeps the edits the symbol's answers name, and those that
// introduced a substantive line the symbol holds now.
func touchesSymbol(answers []provenance.Attribution, keys map[string]bool) func(sessionEdit) bool {
	named := inAnswers(answers)
	return func(e sessionEdit) bool { return named(e) || anyIn(e.added, keys) }
}

// importersOf lists the files of the repository that import rel, with
// notes on what could not be read.
func (h *Host) importersOf(ctx context.Context, repo *gitrepo.Repo, rel string) ([]HistoryImporter, []string) {
	if !symbols.Available() {
		return nil, []string{"importers: " + noCgoNote}
	}
	if _, ok := symbols.LanguageOf(rel); !ok {
		return nil, nil
	}
	files, blobs, err := repo.TrackedBlobs(ctx)
	if err != nil {
		return nil, []string{"importers: " + err.Error()}
	}
	parser, _ := h.symbolParser()
	graph := symbols.NewRepo(files, indexedTree{root: repo.WorkTree, blobs: blobs}, parser)
	graph.ParseSpare(importSpare)
	imps, stats, err := graph.Importers(ctx, rel)
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
