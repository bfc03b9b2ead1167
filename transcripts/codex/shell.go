package codex

import (
	"bytes"
	"encoding/json"
	"path"
	"strconv"
	"strings"

	"hansard/transcripts"
)

// commandOf reads a command argument: an argv array or a script string.
// For an array that runs a shell (bash -lc "…"), script is the shell's
// script; otherwise it is the argv joined with shell quoting.
func commandOf(raw json.RawMessage) (argv []string, script string) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 {
		return nil, ""
	}
	if raw[0] == '[' {
		if json.Unmarshal(raw, &argv) == nil {
			return argv, scriptOf(argv)
		}
		return nil, ""
	}
	return nil, jsonString(raw)
}

var shells = map[string]bool{"bash": true, "sh": true, "zsh": true, "dash": true, "fish": true}

func scriptOf(argv []string) string {
	if len(argv) >= 3 && shells[path.Base(argv[0])] && strings.HasPrefix(argv[1], "-") && strings.HasSuffix(argv[1], "c") {
		return argv[2]
	}
	parts := make([]string, len(argv))
	for i, a := range argv {
		parts[i] = shellQuote(a)
	}
	return strings.Join(parts, " ")
}

func shellQuote(s string) string {
	if s != "" && !strings.ContainsAny(s, " \t\n'\"\\$`;&|<>()*?[]{}!#~") {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// resolveDir returns dir resolved against the turn's working folder, or the
// turn's (else the session's) working folder when dir is empty.
func (p *parser) resolveDir(dir string) string {
	base := p.st.CWD
	if base == "" {
		base = p.st.Session.CWD
	}
	if dir == "" {
		return base
	}
	return resolvePath(base, dir)
}

// resolvePath makes p absolute against dir; paths are the agent's, so they
// are resolved with forward slashes whatever the local OS.
func resolvePath(dir, p string) string {
	switch {
	case p == "":
		return ""
	case isAbs(p) || dir == "":
		return p
	}
	return path.Join(dir, p)
}

func isAbs(p string) bool {
	return strings.HasPrefix(p, "/") || strings.HasPrefix(p, `\\`) ||
		(len(p) >= 3 && p[1] == ':' && (p[2] == '\\' || p[2] == '/'))
}

// shellCall interprets a shell command: apply_patch run through the shell
// (perhaps after a cd) becomes patch edits; anything else is a Command,
// and a cat/tee heredoc into a file is also recorded as a whole-file write.
func (p *parser) shellCall(c *call, argv []string, script, workdir string) {
	cwd := p.resolveDir(workdir)
	if patch, ok := shellPatch(argv, script); ok {
		p.patchCall(c, patch, cwd)
		return
	}
	// apply_patch after a cd: its paths are the cd's folder's.
	if dir, rest, ok := transcripts.SplitCd(script); ok && dir != "" {
		if patch, ok := shellPatch(nil, rest); ok {
			p.patchCall(c, patch, resolvePath(cwd, dir))
			return
		}
	}
	c.Kind = kindShell
	c.Command = &transcripts.Command{
		SessionID: c.Call.SessionID, ToolCallID: c.Call.ID, MessageIndex: c.Call.MessageIndex,
		Command: script, CWD: cwd, Timestamp: c.Call.Timestamp,
	}
	if file, body, op, ok := transcripts.HeredocWrite(script); ok {
		c.Edits = append(c.Edits, transcripts.Edit{
			SessionID: c.Call.SessionID, ToolCallID: c.Call.ID, MessageIndex: c.Call.MessageIndex,
			Tool: "shell_write", File: resolvePath(cwd, file), CWD: cwd, Op: op,
			NewText: body, Status: transcripts.EditPending, Timestamp: c.Call.Timestamp,
		})
	}
}

var patchCommands = map[string]bool{"apply_patch": true, "applypatch": true}

// shellPatch finds apply_patch run through a shell: ["apply_patch", patch]
// or a script "apply_patch <<'EOF' … EOF".
func shellPatch(argv []string, script string) (string, bool) {
	if len(argv) >= 2 && patchCommands[argv[0]] {
		return argv[1], true
	}
	t := strings.TrimSpace(script)
	if !strings.HasPrefix(t, "apply_patch") && !strings.HasPrefix(t, "applypatch") {
		return "", false
	}
	if h, ok := transcripts.ParseHeredoc(t); ok && patchCommands[h.Before] {
		return h.Body, true
	}
	if f := strings.Fields(t); len(f) == 1 && patchCommands[f[0]] {
		return "", false
	}
	if i := strings.IndexAny(t, " \t\n"); i > 0 && patchCommands[t[:i]] {
		rest := strings.TrimSpace(t[i:])
		if u, err := strconv.Unquote(rest); err == nil {
			rest = u
		} else if len(rest) >= 2 && rest[0] == '\'' && rest[len(rest)-1] == '\'' {
			rest = rest[1 : len(rest)-1]
		}
		if strings.Contains(rest, "*** Begin Patch") {
			return rest, true
		}
	}
	return "", false
}

// setExit records a shell call's exit code on its tool call, command and
// heredoc write.
func (p *parser) setExit(c *call, exit *int) {
	if exit == nil {
		return
	}
	v := *exit
	c.Call.ExitCode = &v
	c.Call.IsError = v != 0
	if c.Command != nil {
		cv := v
		c.Command.ExitCode = &cv
	}
	for i := range c.Edits {
		c.Edits[i].Status = transcripts.EditOK
		if v != 0 {
			c.Edits[i].Status = transcripts.EditFailed
		}
	}
}
