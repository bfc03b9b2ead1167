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
	if obj != nil {
		base.Hunks = res.hunks()
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
		return []transcripts.Edit{e}
	case "Write":
		e := base
		e.NewText, e.Op = in.Content, transcripts.OpWrite
		if obj != nil {
			switch {
			case obj.Type == "create" || obj.OriginalFile.null:
				e.Op = transcripts.OpCreate
			case obj.OriginalFile.set:
				if orig := res.writeTexts().orig; orig != nil {
					e.Op, e.OldText = transcripts.OpUpdate, *orig
				}
			}
		}
		return []transcripts.Edit{e}
	case "MultiEdit":
		edits := make([]transcripts.Edit, 0, len(in.Edits))
		for i, sub := range in.Edits {
			e := base
			e.Seq, e.OldText, e.NewText, e.ReplaceAll = i, sub.OldString, sub.NewString, sub.ReplaceAll
			if i > 0 {
				e.Hunks = nil // the call's hunks are kept once, on its first edit
			}
			edits = append(edits, e)
		}
		return edits
	case "NotebookEdit":
		e := base
		e.File, e.NewText = absPath(in.NotebookPath, pc.CWD), in.NewSource
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
		!res.hasPatch():
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
