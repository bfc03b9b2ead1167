package config

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/BurntSushi/toml"

	"hansard/pathmap"
)

// Config is hansard's configuration after defaults are applied.
type Config struct {
	// Path is the file the configuration was read from, or "" when no
	// file exists and the defaults are in force.
	Path string
	// Redact turns secret redaction on (the default) or off.
	Redact bool
	// PathMaps rewrite recorded path prefixes, in file order.
	PathMaps []PathMap
	// Embeddings configures meaning search; its zero value (no URL) turns
	// it off, and nothing is sent anywhere.
	Embeddings Embeddings
}

// PathMap rewrites paths that start with From to start with To instead.
type PathMap = pathmap.Map

// Default returns the configuration used when there is no file.
func Default() Config {
	return Config{Redact: true}
}

// file mirrors the TOML layout. Pointers tell "absent" from "false".
type file struct {
	Redact *bool `toml:"redact"`
	Paths  struct {
		Map []struct {
			From string `toml:"from"`
			To   string `toml:"to"`
		} `toml:"map"`
	} `toml:"paths"`
	Embeddings *fileEmbeddings `toml:"embeddings"`
}

// FilePath returns where the configuration file lives according to env:
// $XDG_CONFIG_HOME/hansard/config.toml when XDG_CONFIG_HOME is an absolute
// path, else $HOME/.config/hansard/config.toml. It returns "" when neither
// variable gives a folder.
func FilePath(env func(string) string) string {
	if x := env("XDG_CONFIG_HOME"); x != "" && filepath.IsAbs(x) {
		return filepath.Join(x, "hansard", "config.toml")
	}
	if h := env("HOME"); h != "" {
		return filepath.Join(h, ".config", "hansard", "config.toml")
	}
	return ""
}

// Load reads the configuration file located through env (see FilePath).
// A missing file yields Default() and no error.
func Load(env func(string) string) (Config, error) {
	path := FilePath(env)
	if path == "" {
		return Default(), nil
	}
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return Default(), nil
	}
	if err != nil {
		return Config{}, fmt.Errorf("read config: %w", err)
	}
	cfg, err := Parse(data)
	if err != nil {
		return Config{}, fmt.Errorf("config %s: %w", path, err)
	}
	cfg.Path = path
	return cfg, nil
}

// Parse decodes the TOML text of a configuration file.
func Parse(data []byte) (Config, error) {
	var f file
	md, err := toml.NewDecoder(bytes.NewReader(data)).Decode(&f)
	if err != nil {
		var perr toml.ParseError
		if errors.As(err, &perr) {
			return Config{}, fmt.Errorf("line %d: %s", perr.Position.Line, perr.Message)
		}
		return Config{}, err
	}
	if undecoded := md.Undecoded(); len(undecoded) > 0 {
		return Config{}, unknownKeys(data, undecoded)
	}
	cfg := Default()
	if f.Redact != nil {
		cfg.Redact = *f.Redact
	}
	if f.Embeddings != nil {
		if cfg.Embeddings, err = f.Embeddings.check(); err != nil {
			return Config{}, fmt.Errorf("embeddings: %w", err)
		}
	}
	for i, m := range f.Paths.Map {
		pm, err := cleanMap(m.From, m.To)
		if err != nil {
			return Config{}, fmt.Errorf("paths.map entry %d: %w", i+1, err)
		}
		cfg.PathMaps = append(cfg.PathMaps, pm)
	}
	return cfg, nil
}

// cleanMap checks one path map and drops trailing separators so that
// prefixes compare on whole path elements.
func cleanMap(from, to string) (PathMap, error) {
	if strings.TrimSpace(from) == "" {
		return PathMap{}, errors.New(`"from" is missing or empty`)
	}
	if strings.TrimSpace(to) == "" {
		return PathMap{}, errors.New(`"to" is missing or empty`)
	}
	return PathMap{From: trimSep(from), To: trimSep(to)}, nil
}

func trimSep(p string) string {
	for len(p) > 1 && (strings.HasSuffix(p, "/") || strings.HasSuffix(p, `\`)) {
		p = p[:len(p)-1]
	}
	return p
}

// unknownKeys builds the error for keys hansard does not know, naming the
// line each one is on where that can be found.
func unknownKeys(data []byte, keys []toml.Key) error {
	lines := strings.Split(string(data), "\n")
	names := make([]string, 0, len(keys))
	for _, k := range keys {
		name := k.String()
		if n := keyLine(lines, k); n > 0 {
			name = fmt.Sprintf("%s (line %d)", name, n)
		}
		names = append(names, name)
	}
	sort.Strings(names)
	return fmt.Errorf("unknown keys: %s", strings.Join(names, ", "))
}

// keyLine returns the 1-based line where the last element of k is defined,
// as a key or a table header, or 0.
func keyLine(lines []string, k toml.Key) int {
	if len(k) == 0 {
		return 0
	}
	last := k[len(k)-1]
	for i, l := range lines {
		t := strings.TrimSpace(l)
		if strings.HasPrefix(t, "[") {
			h := strings.Trim(t, "[] \t")
			if h == k.String() || strings.HasSuffix(h, "."+last) || h == last {
				return i + 1
			}
			continue
		}
		name, _, ok := strings.Cut(t, "=")
		if !ok {
			continue
		}
		name = strings.Trim(strings.TrimSpace(name), `"'`)
		if name == last || strings.HasSuffix(name, "."+last) {
			return i + 1
		}
	}
	return 0
}
