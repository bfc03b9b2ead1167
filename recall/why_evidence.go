package recall

import (
	"context"

	"hansard/archive"
	"hansard/internal/textdiff"
	"hansard/provenance"
)

// saidRunes bounds the assistant's words shown with an edit.
const saidRunes = 200

// addEvidence sets, on every edit the answers name, the command that reads
// the conversation around it and (with read) the assistant's words with it
// and (with diff too) its own change, redacted as the archive is. They are set here
// rather than kept with the answers, so that answers kept by earlier
// versions carry them too.
func (h *Host) addEvidence(ctx context.Context, a *archive.Archive, out []provenance.Attribution, diff, read bool) error {
	var keys []archive.LedgerEdit
	seen := map[archive.LedgerEdit]bool{}
	forEachEdit(out, func(e *provenance.EditRef) {
		e.Open = e.OpenCommand()
		k := archive.LedgerEdit{SessionID: e.SessionID, CallID: e.ToolCallID, Seq: e.Seq}
		if !seen[k] {
			seen[k] = true
			keys = append(keys, k)
		}
	})
	if !read {
		return nil
	}
	ev, err := a.EditEvidences(ctx, keys)
	if err != nil {
		return internal("read the edits' evidence", err)
	}
	red := orKeep(a.Redaction())
	forEachEdit(out, func(e *provenance.EditRef) {
		x, ok := ev[archive.LedgerEdit{SessionID: e.SessionID, CallID: e.ToolCallID, Seq: e.Seq}]
		if !ok {
			return
		}
		e.Said = provenance.Excerpt(red(x.Said), saidRunes)
		if diff {
			e.Diff = red(editDiff(e.Path, x))
		}
	})
	return nil
}

// editDiff is an edit's own change: the patch it applied, else a unified
// diff of the text it replaced and the text it wrote, else (a shell
// command) its command line.
func editDiff(path string, x archive.EditEvidence) string {
	switch {
	case x.Patch != "":
		return x.Patch
	case x.Command != "" && x.OldText == "" && x.NewText == "":
		return "$ " + x.Command + "\n"
	case x.OldText == "":
		return textdiff.Unified("/dev/null", path, "", x.NewText)
	}
	return textdiff.Unified(path+" (before the edit)", path+" (after it)", x.OldText, x.NewText)
}

// forEachEdit calls fn on every edit an answer names: its edit, the
// candidates of a conflicting answer and the chain of earlier writers.
func forEachEdit(out []provenance.Attribution, fn func(*provenance.EditRef)) {
	for i := range out {
		a := &out[i]
		if a.Edit != nil {
			fn(a.Edit)
		}
		for j := range a.Candidates {
			fn(&a.Candidates[j])
		}
		for j := range a.Chain {
			fn(&a.Chain[j])
		}
	}
}

// MessageDiffs returns the diffs of the edits made by the messages of a
// session with these indexes (editDiff), redacted, by message index.
func (h *Host) MessageDiffs(ctx context.Context, sessionID string, indexes []int) (map[int][]string, error) {
	a, err := h.Archive(ctx)
	if err != nil {
		return nil, err
	}
	red := orKeep(a.Redaction())
	edits, err := a.MessageEdits(ctx, sessionID, indexes)
	if err != nil {
		return nil, archiveErr("read the edits of "+sessionID, err)
	}
	keys := make([]archive.LedgerEdit, len(edits))
	for i, e := range edits {
		keys[i] = e.Key
	}
	ev, err := a.EditEvidences(ctx, keys)
	if err != nil {
		return nil, internal("read the edits of "+sessionID, err)
	}
	out := map[int][]string{}
	for _, e := range edits {
		if x, ok := ev[e.Key]; ok {
			out[e.MessageIndex] = append(out[e.MessageIndex], red(editDiff(e.Path, x)))
		}
	}
	return out, nil
}

// orKeep returns red, or (nil: no redaction) the identity.
func orKeep(red func(string) string) func(string) string {
	if red == nil {
		return func(s string) string { return s }
	}
	return red
}
