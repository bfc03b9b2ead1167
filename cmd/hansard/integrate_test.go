package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// runIntegrateCmd runs hansard with args in a home folder and returns its
// outputs and exit code.
func runIntegrateCmd(t *testing.T, home string, args ...string) (string, string, int) {
	t.Helper()
	var out, errb bytes.Buffer
	getenv := func(k string) string {
		if k == "HOME" {
			return home
		}
		return ""
	}
	code := run(context.Background(), args, streams{In: strings.NewReader(""), Out: &out, Err: &errb}, getenv)
	return out.String(), errb.String(), code
}

// TestIntegrateCommand drives hansard integrate through the command line:
// a dry run, the change with its backup and reload hint, a second run that
// changes nothing, --remove, and an unknown agent.
func TestIntegrateCommand(t *testing.T) {
	t.Parallel()
	home := t.TempDir()
	config := filepath.Join(home, ".gemini", "settings.json")
	if err := os.MkdirAll(filepath.Dir(config), 0o700); err != nil {
		t.Fatal(err)
	}
	original := "{\n  \"ui\": {\"theme\": \"GitHub\"}\n}\n"
	if err := os.WriteFile(config, []byte(original), 0o644); err != nil {
		t.Fatal(err)
	}

	out, errOut, code := runIntegrateCmd(t, home, "integrate", "gemini", "--dry-run", "--no-memories")
	if code != 0 || !strings.Contains(out, "would update "+config) || !strings.Contains(out, `+        "--no-memories"`) || !strings.Contains(out, "nothing was written") {
		t.Fatalf("dry run: code %d\n%s%s", code, out, errOut)
	}
	if data, _ := os.ReadFile(config); string(data) != original {
		t.Fatal("--dry-run wrote the configuration")
	}

	out, errOut, code = runIntegrateCmd(t, home, "integrate", "gemini")
	exe, _ := os.Executable()
	if code != 0 || !strings.Contains(out, "updated "+config+" (backup: "+config+".hansard-backup-") ||
		!strings.Contains(out, "created "+filepath.Join(home, ".gemini", "GEMINI.md")) || !strings.Contains(out, "Restart Gemini CLI") {
		t.Fatalf("integrate: code %d\n%s%s", code, out, errOut)
	}
	data, _ := os.ReadFile(config)
	if resolved, err := filepath.EvalSymlinks(exe); err == nil {
		exe = resolved
	}
	if !strings.Contains(string(data), `"command": "`+exe+`"`) {
		t.Errorf("the entry does not run this binary (%s):\n%s", exe, data)
	}

	out, _, code = runIntegrateCmd(t, home, "integrate", "gemini")
	if code != 0 || !strings.Contains(out, "already has hansard's server and instructions; nothing changed") {
		t.Errorf("second run: code %d\n%s", code, out)
	}

	out, _, code = runIntegrateCmd(t, home, "integrate", "gemini", "--remove")
	if data, _ := os.ReadFile(config); code != 0 || string(data) != original || !strings.Contains(out, "deleted ") {
		t.Errorf("--remove: code %d\n%s\n%s", code, out, data)
	}

	_, errOut, code = runIntegrateCmd(t, home, "integrate", "copilot")
	if code != exitUsage || !strings.Contains(errOut, `unknown agent "copilot"`) || !strings.Contains(errOut, "claude, codex, cursor, gemini") {
		t.Errorf("unknown agent: code %d, %s", code, errOut)
	}
}
