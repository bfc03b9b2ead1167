package integrate

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/BurntSushi/toml"
)

// Server names in the agents' server lists.
const (
	// ServerName is the entry of the recall tools, in every agent.
	ServerName = "hansard"
	// StatusServerName is the entry serving capture_subagent_messages
	// alone (mcp serve --status), for Codex.
	StatusServerName = "hansard-status"
)

// serverEntry is one of hansard's entries in an agent's server list; JSON
// files hold it as written here, config.toml as the same keys.
type serverEntry struct {
	name    string
	Type    string   `json:"type,omitempty"`
	Command string   `json:"command"`
	Args    []string `json:"args"`
}

// names returns the names of the agent's hansard entries.
func (a Agent) names() []string {
	if a.capture {
		return []string{ServerName, StatusServerName}
	}
	return []string{ServerName}
}

// entries returns the agent's hansard entries running command.
func (a Agent) entries(command string, noMemories bool) []serverEntry {
	var out []serverEntry
	for _, name := range a.names() {
		e := serverEntry{name: name, Command: command, Args: []string{"mcp", "serve"}}
		switch {
		case name == StatusServerName:
			e.Args = append(e.Args, "--status")
		case noMemories:
			e.Args = append(e.Args, "--no-memories")
		}
		if a.stdioType {
			e.Type = "stdio"
		}
		out = append(out, e)
	}
	return out
}

// editConfig returns the agent's MCP configuration data with hansard's
// entries set to entries, or removed when entries is nil. It refuses a
// file it cannot edit without losing something (comments in JSON, a
// hansard entry written in a form other than its own table in TOML), and
// checks that the result differs from data in hansard's entries only.
func (a Agent) editConfig(data []byte, entries []serverEntry) ([]byte, error) {
	old, err := a.decodeConfig(data)
	if err != nil {
		return nil, err
	}
	if a.format == tomlFormat {
		if err := a.checkTOMLForm(data, old, entries != nil); err != nil {
			return nil, err
		}
	}
	out := data
	for _, name := range a.names() {
		e := find(entries, name)
		switch {
		case a.format == jsonFormat && e != nil:
			out, err = setJSONServer(out, name, *e)
		case a.format == jsonFormat:
			out, err = removeJSONServer(out, name)
		case e != nil:
			out = []byte(setTOMLTable(string(out), a.Name, name, tomlTable(a.Name, name, e.Command, e.Args)))
		default:
			out = []byte(removeTOMLTable(string(out), a.Name, name))
		}
		if err != nil {
			return nil, err
		}
	}
	return out, a.verify(old, out, entries)
}

func find(entries []serverEntry, name string) *serverEntry {
	for i := range entries {
		if entries[i].name == name {
			return &entries[i]
		}
	}
	return nil
}

// checkTOMLForm refuses a config.toml whose servers hansard cannot edit
// as tables: hansard's entries written another way, or, when adding them,
// all the servers in an inline table (which a [mcp_servers.hansard] table
// may not extend).
func (a Agent) checkTOMLForm(data []byte, doc map[string]any, adding bool) error {
	lines := scanTOML(string(data))
	for _, l := range lines {
		if l.kind == headerLine || !adding {
			break
		}
		if len(l.key) == 1 && l.key[0] == tomlServersKey {
			return fmt.Errorf("%s is an inline table, which TOML does not let a [%s.%s] table extend; write its servers as [%s.NAME] tables", tomlServersKey, tomlServersKey, ServerName, tomlServersKey)
		}
	}
	for _, name := range a.names() {
		if _, ok := serversOf(doc, tomlServersKey)[name]; ok && len(tomlRanges(lines, a.Name, name)) == 0 {
			return fmt.Errorf("%s.%s is defined other than as a [%s.%s] table; change or remove it by hand", tomlServersKey, name, tomlServersKey, name)
		}
	}
	return nil
}

// decodeConfig decodes a configuration file; empty data is an empty one.
func (a Agent) decodeConfig(data []byte) (map[string]any, error) {
	doc := map[string]any{}
	if a.format == tomlFormat {
		// TOML allows no control characters but tab and line endings;
		// the decoder lets some through at the end of a file.
		if i := bytes.IndexFunc(data, func(r rune) bool { return r < 0x20 && r != '\t' && r != '\n' && r != '\r' || r == 0x7f }); i >= 0 {
			return nil, fmt.Errorf("not valid TOML: control character %U at byte %d", data[i], i)
		}
		if _, err := toml.Decode(string(data), &doc); err != nil {
			return nil, fmt.Errorf("not valid TOML: %w", err)
		}
		return doc, nil
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return doc, nil
	}
	if _, err := jsonStart(data); err != nil {
		return nil, err
	}
	return doc, json.Unmarshal(data, &doc)
}

// verify checks that out decodes to old with hansard's entries set to
// entries (or taken out when entries is nil) and nothing else changed.
func (a Agent) verify(old map[string]any, out []byte, entries []serverEntry) error {
	doc, err := a.decodeConfig(out)
	if err != nil {
		return fmt.Errorf("internal error: the edited file does not read back: %w", err)
	}
	key := a.serversKey()
	for _, name := range a.names() {
		got, ok := takeServer(doc, key, name)
		takeServer(old, key, name)
		e := find(entries, name)
		switch {
		case e == nil && ok:
			return fmt.Errorf("internal error: the %s entry is still there after removal", name)
		case e != nil && !jsonEqual(got, *e):
			return fmt.Errorf("internal error: the edited file holds %v for the %s entry", got, name)
		}
	}
	if !sameDoc(old, doc) {
		return fmt.Errorf("internal error: the edit would change other settings")
	}
	return nil
}

// serversKey is the key of the server list in the agent's configuration.
func (a Agent) serversKey() string {
	if a.format == tomlFormat {
		return tomlServersKey
	}
	return jsonServersKey
}

// sameDoc reports whether two decoded files hold the same values. It
// compares their Go syntax (maps print sorted) rather than the values
// themselves, which a NaN or a time zone decoded twice would fail.
func sameDoc(a, b map[string]any) bool {
	return fmt.Sprintf("%#v", a) == fmt.Sprintf("%#v", b)
}

// serversOf returns the server map under key, or nil.
func serversOf(doc map[string]any, key string) map[string]any {
	m, _ := doc[key].(map[string]any)
	return m
}

// takeServer deletes the entry name from doc's servers under key (and the
// servers when that empties them) and returns it.
func takeServer(doc map[string]any, key, name string) (any, bool) {
	servers := serversOf(doc, key)
	v, ok := servers[name]
	delete(servers, name)
	if servers != nil && len(servers) == 0 {
		delete(doc, key)
	}
	return v, ok
}
