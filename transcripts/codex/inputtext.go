package codex

import (
	"encoding/json"
	"strings"

	"hansard/transcripts"
)

// inputText is the searchable text of a call's input (see
// transcripts.ToolCall.InputText): a shell call's command and working
// folder, the paths and added lines of a patch (its removed and context
// lines are the code as it was), the commands and patches of a code-mode
// script (the script itself when it holds no patch), and every string argument of any other call (MCP tools
// included). It is derived from the stored input each time the call is
// sent, so that the checkpoint keeps no second copy.
func inputText(c *call) string {
	in := c.Call.Input
	if len(in) == 0 {
		return ""
	}
	switch c.Kind {
	case kindPatch:
		if patch, ok := patchOf(c.Call.Name, in); ok {
			return transcripts.PatchAddedText(patch)
		}
	case kindExec:
		// A script without a patch literal is indexed as written; one with
		// patches gives its commands and the patches' added text.
		src := jsonString(in)
		var patches []string
		for _, lit := range jsStrings(src) {
			if strings.Contains(lit, "*** Begin Patch") || strings.Contains(lit, "*** Update File:") || strings.Contains(lit, "*** Add File:") {
				patches = append(patches, transcripts.PatchAddedText(lit))
			}
		}
		if len(patches) == 0 {
			return src
		}
		var parts []string
		for _, jc := range jsCommands(src) {
			parts = append(parts, jc.cmd, jc.workdir)
		}
		return transcripts.JoinTexts(append(parts, patches...)...)
	case kindStdin:
		return ""
	}
	if c.Command != nil {
		return transcripts.JoinTexts(c.Command.Command, c.Command.CWD)
	}
	if len(c.Edits) > 0 {
		// apply_patch through a shell: the patch is inside the command.
		var a callArgs
		_ = decode(in, &a)
		argv, script := commandOf(a.Command)
		script = firstNonEmpty(a.Cmd, script)
		if patch, ok := shellPatch(argv, script); ok {
			return transcripts.PatchAddedText(patch)
		}
		if _, rest, ok := transcripts.SplitCd(script); ok {
			if patch, ok := shellPatch(nil, rest); ok {
				return transcripts.PatchAddedText(patch)
			}
		}
	}
	if in[0] == '"' {
		return jsonString(in) // a custom tool's free-form input
	}
	return transcripts.JSONStrings(in, nil)
}

// patchOf returns the patch text of an apply_patch call's stored input:
// the custom tool's string, or the input or patch argument.
func patchOf(name string, in json.RawMessage) (string, bool) {
	if name != "apply_patch" {
		return "", false
	}
	if in[0] == '"' {
		return jsonString(in), true
	}
	var a callArgs
	if decode(in, &a) != nil {
		return "", false
	}
	return firstNonEmpty(a.Input, a.Patch), true
}

func firstNonEmpty(ss ...string) string {
	for _, s := range ss {
		if s != "" {
			return s
		}
	}
	return ""
}
