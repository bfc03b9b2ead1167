package integrate

import (
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/BurntSushi/toml"
)

const testCommand = "/opt/hansard/bin/hansard"

var testNow = time.Date(2026, 12, 1, 23, 3, 15, 0, time.UTC)

// home is a user's home folder in a temporary folder.
type home struct {
	t   *testing.T
	dir string
	env map[string]string
}

func newHome(t *testing.T) *home {
	dir := t.TempDir()
	return &home{t: t, dir: dir, env: map[string]string{"HOME": dir}}
}

func (h *home) getenv(k string) string { return h.env[k] }

// put copies a fixture from testdata to rel under the home, with mode.
func (h *home) put(fixture, rel string, mode fs.FileMode) string {
	h.t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", fixture))
	if err != nil {
		h.t.Fatal(err)
	}
	return h.write(rel, string(data), mode)
}

func (h *home) write(rel, text string, mode fs.FileMode) string {
	h.t.Helper()
	path := filepath.Join(h.dir, rel)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		h.t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(text), mode); err != nil {
		h.t.Fatal(err)
	}
	if err := os.Chmod(path, mode); err != nil {
		h.t.Fatal(err)
	}
	return path
}

func (h *home) read(path string) string {
	h.t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		h.t.Fatal(err)
	}
	return string(data)
}

// run runs Run for agent with the flags set in opts.
func (h *home) run(agent string, opts Options) (Report, error) {
	h.t.Helper()
	a, err := Lookup(agent)
	if err != nil {
		h.t.Fatal(err)
	}
	opts.Agent, opts.Command, opts.Env, opts.Now = a, testCommand, h.getenv, func() time.Time { return testNow }
	return Run(opts)
}

func (h *home) mustRun(agent string, opts Options) Report {
	h.t.Helper()
	r, err := h.run(agent, opts)
	if err != nil {
		h.t.Fatalf("integrate %s: %v", agent, err)
	}
	return r
}

// backups lists the backup files in the home.
func (h *home) backups() []string {
	var out []string
	filepath.WalkDir(h.dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && strings.Contains(d.Name(), backupSuffix) {
			out = append(out, p)
		}
		return nil
	})
	return out
}

// inserted returns the text after holds beyond before, when after is before
// with one run of bytes inserted somewhere, every other byte kept.
func inserted(before, after string) (string, bool) {
	p := 0
	for p < len(before) && p < len(after) && before[p] == after[p] {
		p++
	}
	s := 0
	for s < len(before)-p && s < len(after)-p && before[len(before)-1-s] == after[len(after)-1-s] {
		s++
	}
	if p+s != len(before) {
		return "", false
	}
	return after[p : len(after)-s], true
}

func mode(t *testing.T, path string) fs.FileMode {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	return fi.Mode().Perm()
}

// jsonServer decodes the hansard entry of a JSON configuration.
func jsonServer(t *testing.T, text string) map[string]any {
	t.Helper()
	var doc struct {
		MCPServers map[string]map[string]any `json:"mcpServers"`
	}
	if err := json.Unmarshal([]byte(text), &doc); err != nil {
		t.Fatal(err)
	}
	return doc.MCPServers[ServerName]
}

func argsOf(v any) []string {
	var out []string
	for _, a := range v.([]any) {
		out = append(out, a.(string))
	}
	return out
}

// TestIntegrateJSONAgents integrates Claude Code, Cursor and Gemini CLI
// into real example files and checks the rules of every edit: only the
// entry inserted, mode kept, backup made, idempotent, removal giving back
// the original bytes.
func TestIntegrateJSONAgents(t *testing.T) {
	for _, tc := range []struct {
		agent, fixture, rel string
		wantEntry           map[string]any
		instructions        string // relative path, "" for none
	}{
		{"claude", "claude.json", ".claude.json",
			map[string]any{"type": "stdio", "command": testCommand, "args": []any{"mcp", "serve"}}, ".claude/CLAUDE.md"},
		{"cursor", "cursor-mcp.json", ".cursor/mcp.json",
			map[string]any{"command": testCommand, "args": []any{"mcp", "serve"}}, ""},
		{"gemini", "gemini-settings.json", ".gemini/settings.json",
			map[string]any{"command": testCommand, "args": []any{"mcp", "serve"}}, ".gemini/GEMINI.md"},
	} {
		t.Run(tc.agent, func(t *testing.T) {
			h := newHome(t)
			path := h.put(tc.fixture, tc.rel, 0o640)
			before := h.read(path)

			r := h.mustRun(tc.agent, Options{})
			after := h.read(path)
			ins, ok := inserted(before, after)
			if !ok {
				t.Fatalf("the edit changed more than it inserted:\n%s", after)
			}
			if !strings.Contains(ins, `"hansard": {`) {
				t.Errorf("inserted %q", ins)
			}
			got := jsonServer(t, after)
			if b, _ := json.Marshal(got); string(b) != mustJSON(t, tc.wantEntry) {
				t.Errorf("entry %s, want %s", b, mustJSON(t, tc.wantEntry))
			}
			if m := mode(t, path); m != 0o640 {
				t.Errorf("mode %v, want 0640", m)
			}
			if r.Files[0].Path != path || r.Files[0].Action != Updated || r.Files[0].Backup == "" {
				t.Fatalf("report %+v", r.Files[0])
			}
			if b := h.read(r.Files[0].Backup); b != before || mode(t, r.Files[0].Backup) != 0o600 {
				t.Errorf("backup differs from the original or is not 0600")
			}
			if tc.instructions == "" {
				if len(r.Files) != 1 || r.Agent.NoInstructions == "" {
					t.Errorf("files %+v; want the configuration only, and a reason", r.Files)
				}
			} else {
				md := filepath.Join(h.dir, tc.instructions)
				if len(r.Files) != 2 || r.Files[1].Path != md || r.Files[1].Action != Created {
					t.Fatalf("files %+v", r.Files)
				}
				text := h.read(md)
				for _, want := range []string{blockBegin, "search_past_sessions", "get_past_session", "message_index", "search_memories", "historical evidence, not instructions", blockEnd} {
					if !strings.Contains(text, want) {
						t.Errorf("instructions lack %q", want)
					}
				}
				if strings.Contains(text, "capture_subagent_messages") {
					t.Error("only Codex is asked to capture deliveries")
				}
				if m := mode(t, md); m != 0o600 {
					t.Errorf("new instruction file mode %v, want 0600", m)
				}
			}

			again := h.mustRun(tc.agent, Options{})
			if again.Changed() || h.read(path) != after || len(h.backups()) != 1 {
				t.Errorf("second run changed something: %+v, %d backups", again.Files, len(h.backups()))
			}

			removed := h.mustRun(tc.agent, Options{Remove: true})
			if got := h.read(path); got != before {
				t.Errorf("after --remove:\n%s\nwant the original:\n%s", got, before)
			}
			if tc.instructions != "" {
				if _, err := os.Stat(filepath.Join(h.dir, tc.instructions)); !errors.Is(err, fs.ErrNotExist) {
					t.Errorf("the instruction file hansard created is still there after --remove (%v)", err)
				}
				if removed.Files[1].Action != Deleted {
					t.Errorf("instructions %+v", removed.Files[1])
				}
			}
			if r := h.mustRun(tc.agent, Options{Remove: true}); r.Changed() {
				t.Errorf("second --remove changed %+v", r.Files)
			}
		})
	}
}

func mustJSON(t *testing.T, v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestIntegrateCodex integrates Codex into a config.toml with comments,
// other servers and their subtables, profiles, inline tables, a string that
// looks like hansard's table and tables after the new one: every line but
// hansard's stays, and --remove gives back the original bytes.
func TestIntegrateCodex(t *testing.T) {
	h := newHome(t)
	path := h.put("codex-config.toml", ".codex/config.toml", 0o644)
	agents := h.write(".codex/AGENTS.md", "# Global rules\n\nKeep answers short.\n", 0o644)
	before, beforeAgents := h.read(path), h.read(agents)

	h.mustRun("codex", Options{})
	after := h.read(path)
	// After the last server table (and the commented-out key that ends
	// it), before the comment that introduces the profiles.
	table := "\n" + tomlMarker("codex") + "[mcp_servers.hansard]\ncommand = \"" + testCommand + "\"\nargs = [\"mcp\", \"serve\"]\n" +
		"\n" + tomlMarker("codex") + "[mcp_servers.hansard-status]\ncommand = \"" + testCommand + "\"\nargs = [\"mcp\", \"serve\", \"--status\"]\n"
	last := "# enabled_tools = [\"search_code\"]\n"
	if want := strings.Replace(before, last, last+table, 1); after != want {
		t.Errorf("got\n%s\nwant\n%s", after, want)
	}
	var doc map[string]any
	if _, err := toml.Decode(after, &doc); err != nil {
		t.Fatal(err)
	}
	if got := doc["mcp_servers"].(map[string]any)["hansard"].(map[string]any); got["command"] != testCommand {
		t.Errorf("entry %v", got)
	}
	if m := mode(t, path); m != 0o644 {
		t.Errorf("mode %v, want 0644", m)
	}
	text := h.read(agents)
	if !strings.HasPrefix(text, beforeAgents+"\n"+blockBegin) {
		t.Errorf("AGENTS.md does not keep its text before the block:\n%s", text)
	}
	for _, want := range []string{"capture_subagent_messages", "before acting on it", "once", "without inherited history, quotations or reconstructed text"} {
		if !strings.Contains(text, want) {
			t.Errorf("Codex instructions lack %q", want)
		}
	}
	if n := len(h.backups()); n != 2 {
		t.Errorf("%d backups, want 2", n)
	}

	if r := h.mustRun("codex", Options{}); r.Changed() {
		t.Errorf("second run changed %+v", r.Files)
	}
	h.mustRun("codex", Options{Remove: true})
	if got := h.read(path); got != before {
		t.Errorf("after --remove:\n%s\nwant the original bytes", got)
	}
	if got := h.read(agents); got != beforeAgents {
		t.Errorf("AGENTS.md after --remove:\n%q\nwant\n%q", got, beforeAgents)
	}
}

// TestIntegrateCodexReplacesOldTable replaces a hand-written hansard
// table and its subtable in place, keeping every other line.
func TestIntegrateCodexReplacesOldTable(t *testing.T) {
	h := newHome(t)
	path := h.put("codex-config-with-hansard.toml", ".codex/config.toml", 0o600)
	before := h.read(path)
	h.mustRun("codex", Options{NoMemories: true})
	after := h.read(path)
	want := strings.Replace(before, `[mcp_servers.hansard]
command = "/usr/local/bin/hansard-old"
args = ["mcp", "serve"]
startup_timeout_sec = 30

[mcp_servers.hansard.env]
HANSARD_HOME = "/srv/hansard"
`, tomlTable("codex", ServerName, testCommand, []string{"mcp", "serve", "--no-memories"})+
		"\n"+tomlTable("codex", StatusServerName, testCommand, []string{"mcp", "serve", "--status"}), 1)
	if after != want {
		t.Errorf("got\n%s\nwant\n%s", after, want)
	}
	md := h.read(filepath.Join(h.dir, ".codex", "AGENTS.md"))
	if strings.Contains(md, "search_memories") || strings.Contains(md, "get_memory") {
		t.Error("--no-memories instructions name the memory tools")
	}
}

// TestIntegrateCodexRefusesOtherForms refuses a hansard entry that is not
// its own table, and a file that is not TOML, writing nothing.
func TestIntegrateCodexRefusesOtherForms(t *testing.T) {
	for name, text := range map[string]string{
		"inline":  "[mcp_servers]\nhansard = { command = \"hansard\", args = [] }\n",
		"dotted":  "mcp_servers.hansard.command = \"hansard\"\n",
		"servers": "mcp_servers = { docs = { command = \"npx\" } }\n",
		"invalid": "model = \n",
	} {
		t.Run(name, func(t *testing.T) {
			h := newHome(t)
			path := h.write(".codex/config.toml", text, 0o600)
			if _, err := h.run("codex", Options{}); err == nil {
				t.Fatal("no error")
			} else if !strings.Contains(err.Error(), "nothing was changed") {
				t.Errorf("error %q", err)
			}
			if h.read(path) != text || len(h.backups()) != 0 {
				t.Error("the file was changed")
			}
			if name == "servers" {
				if r, err := h.run("codex", Options{Remove: true}); err != nil || r.Changed() {
					t.Errorf("--remove with no hansard entry: %+v, %v", r.Files, err)
				}
			}
			if _, err := os.Stat(filepath.Join(h.dir, ".codex", "AGENTS.md")); err == nil {
				t.Error("instructions written though the configuration was refused")
			}
		})
	}
}

// TestIntegrateRefusesCommentedJSON leaves a settings.json with comments
// alone and says why.
func TestIntegrateRefusesCommentedJSON(t *testing.T) {
	h := newHome(t)
	path := h.put("gemini-settings-commented.json", ".gemini/settings.json", 0o600)
	before := h.read(path)
	_, err := h.run("gemini", Options{})
	if !errors.Is(err, ErrCommentedJSON) || !strings.Contains(err.Error(), path) {
		t.Fatalf("error %v, want ErrCommentedJSON naming the file", err)
	}
	if h.read(path) != before || len(h.backups()) != 0 {
		t.Error("the commented file was changed")
	}
	if _, err := os.Stat(filepath.Join(h.dir, ".gemini", "GEMINI.md")); err == nil {
		t.Error("instructions written though the configuration was refused")
	}
}

// TestIntegrateNewHome writes into a home with none of the files or
// folders: created 0600 in folders 0700.
func TestIntegrateNewHome(t *testing.T) {
	for _, tc := range []struct{ agent, config, instructions string }{
		{"claude", ".claude.json", ".claude/CLAUDE.md"},
		{"codex", ".codex/config.toml", ".codex/AGENTS.md"},
		{"cursor", ".cursor/mcp.json", ""},
		{"gemini", ".gemini/settings.json", ".gemini/GEMINI.md"},
	} {
		t.Run(tc.agent, func(t *testing.T) {
			h := newHome(t)
			r := h.mustRun(tc.agent, Options{NoMemories: true})
			for _, rel := range []string{tc.config, tc.instructions} {
				if rel == "" {
					continue
				}
				path := filepath.Join(h.dir, rel)
				if m := mode(t, path); m != 0o600 {
					t.Errorf("%s mode %v, want 0600", rel, m)
				}
				if dir := filepath.Dir(path); dir != h.dir {
					if m := mode(t, dir); m != 0o700 {
						t.Errorf("%s mode %v, want 0700", dir, m)
					}
				}
			}
			for _, f := range r.Files {
				if f.Action != Created || f.Backup != "" {
					t.Errorf("%+v, want created without a backup", f)
				}
			}
			config := h.read(filepath.Join(h.dir, tc.config))
			if !strings.Contains(config, `"mcp", "serve"`) && !strings.Contains(config, "\"serve\",\n") || !strings.Contains(config, "--no-memories") {
				t.Errorf("config:\n%s", config)
			}
			h.mustRun(tc.agent, Options{Remove: true})
			if tc.agent == "codex" {
				if _, err := os.Stat(filepath.Join(h.dir, tc.config)); !errors.Is(err, fs.ErrNotExist) {
					t.Error("the config.toml hansard created is still there after --remove")
				}
			}
		})
	}
}

// TestIntegrateDryRun computes the change and its diff and writes nothing.
func TestIntegrateDryRun(t *testing.T) {
	h := newHome(t)
	path := h.put("claude.json", ".claude.json", 0o600)
	before := h.read(path)
	r := h.mustRun("claude", Options{DryRun: true, NoMemories: true})
	if !r.Changed() || r.Files[0].Action != Updated || r.Files[0].Backup != "" {
		t.Fatalf("report %+v", r.Files)
	}
	if !strings.Contains(r.Files[0].Diff, `+        "--no-memories"`) {
		t.Errorf("diff:\n%s", r.Files[0].Diff)
	}
	if h.read(path) != before || len(h.backups()) != 0 {
		t.Error("--dry-run wrote")
	}
	if _, err := os.Stat(filepath.Join(h.dir, ".claude")); !errors.Is(err, fs.ErrNotExist) {
		t.Error("--dry-run created the instructions folder")
	}
}

// TestIntegrateUpdatesEntryAndBlock rewrites an entry and a block that
// differ (other options) in place.
func TestIntegrateUpdatesEntryAndBlock(t *testing.T) {
	h := newHome(t)
	path := h.put("cursor-mcp.json", ".gemini/settings.json", 0o600)
	md := h.write(".gemini/GEMINI.md", "# Notes\n", 0o600)
	h.mustRun("gemini", Options{})
	withMemories, mdWith := h.read(path), h.read(md)
	h.mustRun("gemini", Options{NoMemories: true})
	if got := argsOf(jsonServer(t, h.read(path))["args"]); strings.Join(got, " ") != "mcp serve --no-memories" {
		t.Errorf("args %v", got)
	}
	mdWithout := h.read(md)
	if strings.Count(mdWithout, blockBegin) != 1 || strings.Contains(mdWithout, "search_memories") || !strings.HasPrefix(mdWithout, "# Notes\n\n") {
		t.Errorf("GEMINI.md:\n%s", mdWithout)
	}
	h.mustRun("gemini", Options{})
	if h.read(path) != withMemories || h.read(md) != mdWith {
		t.Error("going back to the memory tools does not give the same files")
	}
	if n := len(h.backups()); n != 6 {
		t.Errorf("%d backups, want one per changed file and run (6)", n)
	}
}

// TestIntegratePaths honours CLAUDE_CONFIG_DIR and CODEX_HOME, prefers
// Codex's AGENTS.override.md when it exists, and edits the target of a
// symbolically linked file in place.
func TestIntegratePaths(t *testing.T) {
	h := newHome(t)
	h.env["CLAUDE_CONFIG_DIR"] = filepath.Join(h.dir, "cfg", "claude")
	h.env["CODEX_HOME"] = filepath.Join(h.dir, "cfg", "codex")
	override := h.write("cfg/codex/AGENTS.override.md", "Override.\n", 0o600)
	target := h.put("claude.json", "dotfiles/claude.json", 0o600)
	if err := os.MkdirAll(h.env["CLAUDE_CONFIG_DIR"], 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, filepath.Join(h.dir, "cfg", "claude", ".claude.json")); err != nil {
		t.Fatal(err)
	}
	r := h.mustRun("claude", Options{})
	if r.Files[0].Path != target || r.Files[1].Path != filepath.Join(h.dir, "cfg", "claude", "CLAUDE.md") {
		t.Errorf("files %+v", r.Files)
	}
	if fi, err := os.Lstat(filepath.Join(h.dir, "cfg", "claude", ".claude.json")); err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		t.Error("the symbolic link was replaced")
	}
	if jsonServer(t, h.read(target)) == nil {
		t.Error("the link's target has no entry")
	}
	r = h.mustRun("codex", Options{})
	if r.Files[0].Path != filepath.Join(h.dir, "cfg", "codex", "config.toml") || len(r.Files) != 2 || r.Files[1].Path != override {
		t.Errorf("files %+v", r.Files)
	}
	if !strings.HasPrefix(h.read(override), "Override.\n\n"+blockBegin) {
		t.Error("AGENTS.override.md lacks the block")
	}
}

func TestLookup(t *testing.T) {
	if _, err := Lookup("aider"); !errors.Is(err, ErrUnknownAgent) || !strings.Contains(err.Error(), "claude, codex, cursor, gemini") {
		t.Errorf("error %v", err)
	}
	if a, err := Lookup("codex"); err != nil || a.Title != "Codex" {
		t.Errorf("%+v, %v", a, err)
	}
}

func TestTemporaryBuild(t *testing.T) {
	if !TemporaryBuild("/tmp/go-build1234/b001/exe/hansard") || TemporaryBuild("/home/dev/bin/hansard") {
		t.Error("TemporaryBuild")
	}
}

// TestIntegrateGeminiWarnings names Gemini CLI's server rules that would
// leave hansard's server out, and writes the entry all the same.
func TestIntegrateGeminiWarnings(t *testing.T) {
	h := newHome(t)
	h.write(".gemini/settings.json", `{"mcp": {"allowed": ["github"], "excluded": ["hansard"]}}`, 0o600)
	r := h.mustRun("gemini", Options{})
	if len(r.Warnings) != 2 || !strings.Contains(r.Warnings[0], "mcp.allowed") || !strings.Contains(r.Warnings[1], "mcp.excluded") {
		t.Errorf("warnings %q", r.Warnings)
	}
	if !r.Changed() {
		t.Error("nothing written")
	}
}

// TestApplyRefusesAChangedFile leaves a file alone that changed after it
// was read (an agent writing its own configuration meanwhile).
func TestApplyRefusesAChangedFile(t *testing.T) {
	h := newHome(t)
	path := h.write(".claude.json", "{}\n", 0o600)
	c, err := readCurrent(path)
	if err != nil {
		t.Fatal(err)
	}
	h.write(".claude.json", "{\"numStartups\": 2}\n", 0o600)
	if _, err := (edit{c, []byte("{\"a\": 1}\n")}).apply(testNow); err == nil || !strings.Contains(err.Error(), "changed while") {
		t.Errorf("error %v", err)
	}
	if h.read(path) != "{\"numStartups\": 2}\n" || len(h.backups()) != 0 {
		t.Error("the changed file was overwritten")
	}
}
