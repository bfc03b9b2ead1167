package recall

import (
	"context"
	"slices"

	"hansard/provenance"
)

// Moved lines: an edit of the file whose substantive lines an earlier edit
// of another file had introduced (at least movedLines of them, or all when
// it has fewer) carried them over: a function moved or copied there. The
// earlier edit is the lines' origin, and its session is in the history.
const (
	movedLines = 3
	// StatusMoved marks a history entry that is the origin of lines an
	// edit of the file moved or copied from another file.
	StatusMoved = "moved"
)

// addMoved adds to the answers the sessions' list is built from the
// origins of the lines the kept edits moved into the file: of the line
// asked about, of the symbol, else of every current line. Each origin is
// the latest edit of another file (not one of the file's earlier paths)
// before the edit that shares its lines. A failure to read the ledger is
// a note.
func (f *fileHistory) addMoved(ctx context.Context, keep func(sessionEdit) bool, line int, sym *SymbolRange) {
	scope := f.current
	switch {
	case line > 0:
		scope = f.lineKeys(line, line)
	case sym != nil:
		scope = f.lineKeys(sym.StartLine, sym.EndLine)
	}
	type moved struct {
		e      *sessionEdit
		shared []string
	}
	var edits []moved
	var keys []string
	have := map[provenance.EditKey]bool{}
	for _, e := range f.edits {
		have[e.key()] = true
		if keep != nil && !keep(*e) {
			continue
		}
		var shared []string
		for _, k := range e.added {
			if scope[k] && !slices.Contains(shared, k) {
				shared = append(shared, k)
			}
		}
		if len(shared) > 0 {
			edits = append(edits, moved{e, shared})
			keys = append(keys, shared...)
		}
	}
	if len(edits) == 0 {
		return
	}
	entries, err := provenance.NewArchiveLedger(f.arch).Candidates(ctx, f.root, keys)
	if err != nil {
		f.notes = append(f.notes, "moved lines not looked up: "+err.Error())
		return
	}
	lineage := f.lineage()
	added := map[provenance.EditKey]bool{}
	for _, m := range edits {
		var origin *provenance.LedgerEntry
		var lines []string
		for i := range entries {
			c := &entries[i]
			if _, ok := lineage[c.Path]; ok || have[c.Key()] || !c.Time.Before(m.e.Timestamp) {
				continue
			}
			var in []string
			for _, l := range c.Lines {
				if !l.Trivial && slices.Contains(m.shared, l.Key) && !slices.Contains(in, l.Key) {
					in = append(in, l.Key)
				}
			}
			if len(in) >= min(movedLines, len(m.shared)) && (origin == nil || c.Time.After(origin.Time)) {
				origin, lines = c, in
			}
		}
		if origin == nil || added[origin.Key()] {
			continue
		}
		added[origin.Key()] = true
		ref := provenance.EditRef{SessionID: origin.SessionID, Provider: origin.Provider, MessageIndex: origin.MessageIndex,
			Tool: origin.Tool, ToolCallID: origin.ToolCallID, Seq: origin.Seq, Path: origin.Path, TimeLocal: LocalTime(origin.Time, f.host.loc())}
		for range lines {
			f.answers = append(f.answers, provenance.Attribution{Path: f.rel, Status: StatusMoved, Edit: &ref})
		}
	}
}
