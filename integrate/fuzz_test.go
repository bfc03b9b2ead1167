package integrate

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// fuzzEdit checks the rules of an edit on any input the agent's editor
// accepts: the entry goes in and stays put when set again, and removing
// it gives back the input's bytes when the input had no hansard entry.
func fuzzEdit(t *testing.T, agent string, data []byte) {
	a, _ := Lookup(agent)
	e := a.entries("/bin/hansard", false)
	out, err := a.editConfig(data, e)
	if err != nil {
		if strings.Contains(err.Error(), "internal error") {
			t.Fatalf("%q: %v", data, err)
		}
		return
	}
	again, err := a.editConfig(out, e)
	if err != nil || string(again) != string(out) {
		t.Fatalf("set twice: %q\nthen %q, %v", out, again, err)
	}
	back, err := a.editConfig(out, nil)
	if err != nil {
		t.Fatalf("remove from %q: %v", out, err)
	}
	doc, _ := a.decodeConfig(data)
	for _, name := range a.names() {
		if _, had := takeServer(doc, a.serversKey(), name); had {
			return
		}
	}
	if string(back) != string(data) && exactRemoval(a, data) {
		t.Fatalf("removal of %q\ngave %q", data, back)
	}
}

// exactRemoval reports whether removal must give back data's bytes: data
// ends with a line break (TOML) and did not hold an empty server list
// that removal takes out with hansard's entry (JSON).
func exactRemoval(a Agent, data []byte) bool {
	if a.format == tomlFormat {
		return len(data) == 0 || data[len(data)-1] == '\n'
	}
	doc, err := a.decodeConfig(data)
	if err != nil || len(doc) == 0 {
		return false
	}
	servers, ok := doc[jsonServersKey]
	m, isMap := servers.(map[string]any)
	return !ok || isMap && len(m) > 0
}

func seeds(f *testing.F, names ...string) {
	for _, n := range names {
		data, err := os.ReadFile(filepath.Join("testdata", n))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
	}
}

func FuzzEditTOML(f *testing.F) {
	seeds(f, "codex-config.toml", "codex-config-with-hansard.toml")
	f.Add([]byte("a = 1"))
	f.Add([]byte("[mcp_servers]\nx = { command = \"y\" }\n"))
	f.Add([]byte("s = '''\n[mcp_servers.hansard]\n'''\n"))
	f.Fuzz(func(t *testing.T, data []byte) { fuzzEdit(t, "codex", data) })
}

func FuzzEditJSON(f *testing.F) {
	seeds(f, "claude.json", "cursor-mcp.json", "gemini-settings.json")
	f.Add([]byte(`{"mcpServers":{}}`))
	f.Add([]byte("{\n\t\"a\": [1, {\"b\": null}]\n}"))
	f.Fuzz(func(t *testing.T, data []byte) { fuzzEdit(t, "claude", data) })
}
