package claude

import (
	"path/filepath"
	"strings"

	"hansard/transcripts"
)

// buildEdits returns the edits of an Edit, Write, MultiEdit or NotebookEdit
// call; res is nil while the result is not known.
func buildEdits(pc *pendingCall, res *callResult) []transcripts.Edit {
	in := decodeInput(pc.Input)
	base := transcripts.Edit{SessionID: pc.Session, ToolCallID: pc.ID, MessageIndex: pc.MessageIndex, Tool: pc.Name,
		File: absPath(in.FilePath, pc.CWD), CWD: pc.CWD, Op: transcripts.OpUpdate, Status: editStatus(pc, res), Timestamp: pc.Timestamp}
	var obj *toolUseResult
	if res != nil && !res.Failed {
		obj = res.Obj
	}
	var patch []patchHunk
	if obj != nil {
		patch = obj.StructuredPatch
	}
	switch pc.Name {
	case "Edit":
		e := base
		e.OldText, e.NewText, e.ReplaceAll = in.OldString, in.NewString, in.ReplaceAll
		if obj != nil && obj.OldString != nil && obj.NewString != nil {
			// The result holds what was applied, after any change the user
			// made in the permission dialog.
			e.OldText, e.NewText = *obj.OldString, *obj.NewString
		}
		e.Hunks = hunks(patch, newSide(false, e.OldText), newSide(false, e.NewText))
		return []transcripts.Edit{e}
	case "Write":
		e := base
		e.NewText, e.Op = in.Content, transcripts.OpWrite
		var old *sideText
		if obj != nil {
			switch {
			case obj.Type == "create" || obj.OriginalFile.null:
				e.Op = transcripts.OpCreate
			case obj.OriginalFile.set:
				if orig, ok := res.originalFile(); ok {
					e.Op, e.OldText = transcripts.OpUpdate, orig
					old = newSide(true, orig)
				}
			}
		}
		e.Hunks = hunks(patch, old, newSide(true, e.NewText))
		return []transcripts.Edit{e}
	case "MultiEdit":
		edits := make([]transcripts.Edit, 0, len(in.Edits))
		var olds, news []string
		for _, sub := range in.Edits {
			olds, news = append(olds, sub.OldString), append(news, sub.NewString)
		}
		for i, sub := range in.Edits {
			e := base
			e.Seq, e.OldText, e.NewText, e.ReplaceAll = i, sub.OldString, sub.NewString, sub.ReplaceAll
			if i == 0 {
				// The call's hunks are kept once, on its first edit.
				e.Hunks = hunks(patch, newSide(false, olds...), newSide(false, news...))
			}
			edits = append(edits, e)
		}
		return edits
	case "NotebookEdit":
		e := base
		e.File, e.NewText = absPath(in.NotebookPath, pc.CWD), in.NewSource
		e.Hunks = hunks(patch, nil, newSide(false, e.NewText))
		return []transcripts.Edit{e}
	}
	return nil
}

// editStatus is pending without a result, failed for an error result (or,
// in 1.0.x, an Edit result without structuredPatch), ok otherwise.
func editStatus(pc *pendingCall, res *callResult) string {
	switch {
	case res == nil:
		return transcripts.EditPending
	case res.Failed:
		return transcripts.EditFailed
	case (pc.Name == "Edit" || pc.Name == "MultiEdit") && strings.HasPrefix(pc.Version, "1.") && res.Single &&
		(res.Obj == nil || res.Obj.StructuredPatch == nil):
		return transcripts.EditFailed
	}
	return transcripts.EditOK
}

// absPath resolves a relative path against the working folder.
func absPath(p, cwd string) string {
	if p == "" || filepath.IsAbs(p) || cwd == "" {
		return p
	}
	return filepath.Join(cwd, p)
}
