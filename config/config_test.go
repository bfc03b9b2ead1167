package config

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func envOf(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

func writeConfig(t *testing.T, dir, text string) string {
	t.Helper()
	p := filepath.Join(dir, "hansard", "config.toml")
	if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestFilePath(t *testing.T) {
	cases := []struct {
		env  map[string]string
		want string
	}{
		{map[string]string{"XDG_CONFIG_HOME": "/x/cfg", "HOME": "/home/u"}, "/x/cfg/hansard/config.toml"},
		{map[string]string{"HOME": "/home/u"}, "/home/u/.config/hansard/config.toml"},
		{map[string]string{"XDG_CONFIG_HOME": "relative/cfg", "HOME": "/home/u"}, "/home/u/.config/hansard/config.toml"},
		{map[string]string{}, ""},
	}
	for _, c := range cases {
		if got := FilePath(envOf(c.env)); got != c.want {
			t.Errorf("FilePath(%v) = %q, want %q", c.env, got, c.want)
		}
	}
}

func TestLoadMissingFileIsDefault(t *testing.T) {
	dir := t.TempDir()
	cfg, err := Load(envOf(map[string]string{"HOME": dir}))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(cfg, Default()) || !cfg.Redact {
		t.Fatalf("got %+v, want defaults", cfg)
	}
	cfg, err = Load(envOf(nil))
	if err != nil || !cfg.Redact {
		t.Fatalf("no HOME: %+v %v", cfg, err)
	}
}

func TestLoadFull(t *testing.T) {
	dir := t.TempDir()
	p := writeConfig(t, dir, `# hansard settings
redact = false

[[paths.map]]
from = "/Users/dev/src/webapp/"
to = "/home/dev/webapp"

[[paths.map]]
from = "/mnt/old"
to   = "/srv/new"
`)
	cfg, err := Load(envOf(map[string]string{"XDG_CONFIG_HOME": dir, "HOME": "/nonexistent"}))
	if err != nil {
		t.Fatal(err)
	}
	want := Config{
		Path:   p,
		Redact: false,
		PathMaps: []PathMap{
			{From: "/Users/dev/src/webapp", To: "/home/dev/webapp"},
			{From: "/mnt/old", To: "/srv/new"},
		},
	}
	if !reflect.DeepEqual(cfg, want) {
		t.Fatalf("got %+v\nwant %+v", cfg, want)
	}
}

func TestParseRedactDefaultsTrue(t *testing.T) {
	cfg, err := Parse([]byte("[[paths.map]]\nfrom = \"/a\"\nto = \"/b\"\n"))
	if err != nil {
		t.Fatal(err)
	}
	if !cfg.Redact || len(cfg.PathMaps) != 1 {
		t.Fatalf("got %+v", cfg)
	}
}

func TestParseErrors(t *testing.T) {
	cases := []struct {
		name, text string
		want       []string // substrings of the error
	}{
		{"syntax", "redact = true\nredact true\n", []string{"line 2"}},
		{"unterminated string", "[[paths.map]]\nfrom = \"/a\nto = \"/b\"\n", []string{"line 2"}},
		{"wrong type", "redact = \"yes\"\n", []string{"line 1"}},
		{"duplicate key", "redact = true\nredact = false\n", []string{"line 2"}},
		{"unknown top-level key", "redact = true\nreddact = false\n", []string{"unknown keys", "reddact (line 2)"}},
		{"unknown map key", "[[paths.map]]\nform = \"/a\"\nto = \"/b\"\n", []string{"unknown keys", "paths.map.form (line 2)"}},
		{"unknown section", "[embeddings]\nendpoint = \"http://localhost:11434\"\n", []string{"unknown keys", "embeddings", "embeddings.endpoint (line 2)"}},
		{"empty from", "[[paths.map]]\nfrom = \"\"\nto = \"/b\"\n", []string{"paths.map entry 1", `"from"`}},
		{"missing to", "[[paths.map]]\nfrom = \"/a\"\n\n[[paths.map]]\nfrom = \"/c\"\n", []string{"paths.map entry 1", `"to"`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse([]byte(c.text))
			if err == nil {
				t.Fatalf("no error for %q", c.text)
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not contain %q", err, w)
				}
			}
		})
	}
}

func TestLoadErrorNamesFile(t *testing.T) {
	dir := t.TempDir()
	p := writeConfig(t, dir, "redact = maybe\n")
	_, err := Load(envOf(map[string]string{"XDG_CONFIG_HOME": dir}))
	if err == nil || !strings.Contains(err.Error(), p) || !strings.Contains(err.Error(), "line 1") {
		t.Fatalf("error %v should name %s and line 1", err, p)
	}
}

func TestLoadUnreadable(t *testing.T) {
	dir := t.TempDir()
	// A folder where the file should be cannot be read as a file.
	if err := os.MkdirAll(filepath.Join(dir, "hansard", "config.toml"), 0o700); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(envOf(map[string]string{"XDG_CONFIG_HOME": dir})); err == nil {
		t.Fatal("reading a folder as the config file should fail")
	}
}
