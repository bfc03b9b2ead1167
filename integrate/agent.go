package integrate

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// ErrUnknownAgent is returned by Lookup for a name it does not know.
var ErrUnknownAgent = errors.New("unknown agent")

// format is how an agent's MCP configuration file is written.
type format int

const (
	jsonFormat format = iota // an object with an "mcpServers" member
	tomlFormat               // Codex's config.toml with [mcp_servers.NAME] tables
)

// Agent is one coding agent that hansard can be integrated with: where it
// reads its user-level MCP servers and instructions, and how its server
// entry looks.
type Agent struct {
	// Name is what the command line calls the agent ("claude").
	Name string
	// Title is the agent's own name, for messages ("Claude Code").
	Title string
	// Reload says how the agent discovers a changed server list.
	Reload string
	// NoInstructions, when set, says why the agent gets no managed
	// instructions (it has no user-level instruction file).
	NoInstructions string

	format format
	// stdioType writes "type": "stdio" into the entry, as the agent's own
	// command does.
	stdioType bool
	// capture adds the entry serving capture_subagent_messages and its
	// rule in the instructions.
	capture bool
	config  func(env Env) (string, error)
	// warnings, when set, names settings of the agent's configuration
	// that would keep it from starting hansard's server.
	warnings func(doc map[string]any) []string
	// instructions returns the instruction files in the agent's order of
	// preference (see planInstructions). Nil when NoInstructions is set.
	instructions func(env Env) ([]string, error)
}

// Env looks up an environment variable; it is os.Getenv in the command and
// a map in tests, so that HOME can point at a temporary folder.
type Env func(string) string

// home returns $HOME, or an error when it is not an absolute path.
func (env Env) home() (string, error) {
	h := env("HOME")
	if h == "" || !filepath.IsAbs(h) {
		return "", errors.New("HOME is not set to an absolute path")
	}
	return h, nil
}

// dir returns the folder named by the variable when it holds an absolute
// path, else $HOME joined with def.
func (env Env) dir(variable string, def ...string) (string, error) {
	if d := env(variable); d != "" && filepath.IsAbs(d) {
		return d, nil
	}
	h, err := env.home()
	if err != nil {
		return "", err
	}
	return filepath.Join(append([]string{h}, def...)...), nil
}

// agents lists the known agents in the order usage messages name them.
var agents = []Agent{
	{
		Name:      "claude",
		Title:     "Claude Code",
		Reload:    "Restart Claude Code so that it discovers the change (a running session keeps the tools it started with; /mcp lists the servers it sees).",
		format:    jsonFormat,
		stdioType: true,
		// User-scope servers are the top-level mcpServers of .claude.json,
		// which lives in $CLAUDE_CONFIG_DIR when that is set.
		config: func(env Env) (string, error) {
			if d := env("CLAUDE_CONFIG_DIR"); d != "" && filepath.IsAbs(d) {
				return filepath.Join(d, ".claude.json"), nil
			}
			h, err := env.home()
			return filepath.Join(h, ".claude.json"), err
		},
		instructions: func(env Env) ([]string, error) {
			d, err := env.dir("CLAUDE_CONFIG_DIR", ".claude")
			return []string{filepath.Join(d, "CLAUDE.md")}, err
		},
	},
	{
		Name:    "codex",
		Title:   "Codex",
		Reload:  "Start a new Codex session so that it discovers the change (codex mcp list shows the servers it sees).",
		format:  tomlFormat,
		capture: true,
		config: func(env Env) (string, error) {
			d, err := env.dir("CODEX_HOME", ".codex")
			return filepath.Join(d, "config.toml"), err
		},
		// Codex reads AGENTS.override.md instead of AGENTS.md when it exists.
		instructions: func(env Env) ([]string, error) {
			d, err := env.dir("CODEX_HOME", ".codex")
			return []string{filepath.Join(d, "AGENTS.override.md"), filepath.Join(d, "AGENTS.md")}, err
		},
	},
	{
		Name:           "cursor",
		Title:          "Cursor",
		Reload:         "Reload Cursor's window (or turn the hansard server off and on in its MCP settings) so that it discovers the change; cursor-agent reads the file when it starts.",
		NoInstructions: "Cursor keeps its User Rules in the app's settings, not in a file, so no managed instructions were written; the hansard server's own instructions say when to call its tools.",
		format:         jsonFormat,
		config: func(env Env) (string, error) {
			h, err := env.home()
			return filepath.Join(h, ".cursor", "mcp.json"), err
		},
	},
	{
		Name:   "gemini",
		Title:  "Gemini CLI",
		Reload: "Restart Gemini CLI (or run /mcp refresh in a running one) so that it discovers the change.",
		format: jsonFormat,
		config: func(env Env) (string, error) {
			h, err := env.home()
			return filepath.Join(h, ".gemini", "settings.json"), err
		},
		warnings: geminiWarnings,
		instructions: func(env Env) ([]string, error) {
			h, err := env.home()
			return []string{filepath.Join(h, ".gemini", "GEMINI.md")}, err
		},
	},
}

// geminiWarnings names Gemini CLI's global server rules that leave
// hansard's server out: an allow-list without it, or an exclusion of it.
func geminiWarnings(doc map[string]any) []string {
	mcp, _ := doc["mcp"].(map[string]any)
	var out []string
	if allowed, ok := mcp["allowed"].([]any); ok && !containsString(allowed, ServerName) {
		out = append(out, fmt.Sprintf("settings.json's mcp.allowed does not name %q, so Gemini CLI will not start it: add it there", ServerName))
	}
	if excluded, ok := mcp["excluded"].([]any); ok && containsString(excluded, ServerName) {
		out = append(out, fmt.Sprintf("settings.json's mcp.excluded names %q, so Gemini CLI will not start it: take it out there", ServerName))
	}
	return out
}

func containsString(list []any, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// Names returns the names of the known agents.
func Names() []string {
	names := make([]string, len(agents))
	for i, a := range agents {
		names[i] = a.Name
	}
	return names
}

// Lookup returns the agent called name, or an error wrapping
// ErrUnknownAgent that names the known ones.
func Lookup(name string) (Agent, error) {
	for _, a := range agents {
		if a.Name == name {
			return a, nil
		}
	}
	return Agent{}, fmt.Errorf("%w %q: hansard integrates with %s", ErrUnknownAgent, name, strings.Join(Names(), ", "))
}

// Executable returns the absolute path of the running hansard binary with
// symbolic links resolved, the command an agent's entry runs.
func Executable() (string, error) {
	exe, err := os.Executable()
	if err != nil {
		return "", fmt.Errorf("find the hansard binary: %w", err)
	}
	if r, err := filepath.EvalSymlinks(exe); err == nil {
		exe = r
	}
	return filepath.Abs(exe)
}

// TemporaryBuild reports whether path is a binary that `go run` built in a
// temporary folder, which is gone once that run ends.
func TemporaryBuild(path string) bool {
	for _, part := range strings.Split(filepath.ToSlash(path), "/") {
		if strings.HasPrefix(part, "go-build") {
			return true
		}
	}
	return false
}
