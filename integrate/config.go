package integrate

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/BurntSushi/toml"
)

// serverEntry is hansard's entry in an agent's server list; JSON files
// hold it as written here, config.toml as the same keys.
type serverEntry struct {
	Type    string   `json:"type,omitempty"`
	Command string   `json:"command"`
	Args    []string `json:"args"`
}

// entry returns the agent's server entry running command.
func (a Agent) entry(command string, noMemories bool) serverEntry {
	e := serverEntry{Command: command, Args: a.args(noMemories)}
	if a.stdioType {
		e.Type = "stdio"
	}
	return e
}

// editConfig returns the agent's MCP configuration data with hansard's
// entry set to e, or removed when e is nil. It refuses a file it cannot
// edit without losing something (comments in JSON, a hansard entry
// written in a form other than its own table in TOML), and checks that the
// result differs from data in hansard's entry only.
func (a Agent) editConfig(data []byte, e *serverEntry) ([]byte, error) {
	old, err := a.decodeConfig(data)
	if err != nil {
		return nil, err
	}
	var out []byte
	switch {
	case a.format == jsonFormat && e != nil:
		out, err = setJSONServer(data, ServerName, *e)
	case a.format == jsonFormat:
		out, err = removeJSONServer(data, ServerName)
	case a.format == tomlFormat:
		if err := a.checkTOMLForm(data, old, e != nil); err != nil {
			return nil, err
		}
		if e != nil {
			out = []byte(setTOMLTable(string(data), a.Name, ServerName, tomlTable(a.Name, ServerName, e.Command, e.Args)))
		} else {
			out = []byte(removeTOMLTable(string(data), a.Name, ServerName))
		}
	}
	if err != nil {
		return nil, err
	}
	return out, a.verify(old, out, e)
}

// checkTOMLForm refuses a config.toml whose servers hansard cannot edit
// as tables: hansard's entry written another way, or, when adding it, all
// the servers in an inline table (which a [mcp_servers.hansard] table may
// not extend).
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
	if _, ok := serversOf(doc, tomlServersKey)[ServerName]; ok && len(tomlRanges(lines, a.Name, ServerName)) == 0 {
		return fmt.Errorf("%s.%s is defined other than as a [%s.%s] table; change or remove it by hand", tomlServersKey, ServerName, tomlServersKey, ServerName)
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

// verify checks that out decodes to old with hansard's entry set to e (or
// taken out when e is nil) and nothing else changed.
func (a Agent) verify(old map[string]any, out []byte, e *serverEntry) error {
	doc, err := a.decodeConfig(out)
	if err != nil {
		return fmt.Errorf("internal error: the edited file does not read back: %w", err)
	}
	key := jsonServersKey
	if a.format == tomlFormat {
		key = tomlServersKey
	}
	got, ok := takeServer(doc, key)
	takeServer(old, key)
	switch {
	case e == nil && ok:
		return fmt.Errorf("internal error: the %s entry is still there after removal", ServerName)
	case e != nil && !jsonEqual(got, *e):
		return fmt.Errorf("internal error: the edited file holds %v for the %s entry", got, ServerName)
	case !sameDoc(old, doc):
		return fmt.Errorf("internal error: the edit would change other settings")
	}
	return nil
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

// takeServer deletes hansard's entry from doc's servers under key (and
// the servers when that empties them) and returns it.
func takeServer(doc map[string]any, key string) (any, bool) {
	servers := serversOf(doc, key)
	v, ok := servers[ServerName]
	delete(servers, ServerName)
	if servers != nil && len(servers) == 0 {
		delete(doc, key)
	}
	return v, ok
}
