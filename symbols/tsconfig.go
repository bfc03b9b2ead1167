package symbols

import (
	"encoding/json"
	"path"
	"sort"
	"strings"
)

// tsConfig is what resolving specifiers needs of a tsconfig.json, its
// `extends` merged in; folders are repository-relative.
type tsConfig struct {
	baseURL   string              // "" when unset
	pathsBase string              // the folder `paths` targets are relative to
	paths     map[string][]string // pattern ("@/*", "lib") → targets ("src/*")
}

// match returns the targets of the paths pattern that spec matches, its
// "*" replaced: an exact pattern first, else the one with the longest
// prefix before its "*". A nil config matches nothing.
func (c *tsConfig) match(spec string) ([]string, bool) {
	if c == nil {
		return nil, false
	}
	if t, ok := c.paths[spec]; ok {
		return t, true
	}
	best, bestLen, star := "", -1, ""
	for pat := range c.paths {
		pre, post, ok := strings.Cut(pat, "*")
		if ok && len(spec) >= len(pre)+len(post) && strings.HasPrefix(spec, pre) && strings.HasSuffix(spec, post) && len(pre) > bestLen {
			best, bestLen, star = pat, len(pre), spec[len(pre):len(spec)-len(post)]
		}
	}
	if bestLen < 0 {
		return nil, false
	}
	var out []string
	for _, t := range c.paths[best] {
		out = append(out, strings.Replace(t, "*", star, 1))
	}
	return out, true
}

// tsConfigFor is the config of the nearest tsconfig.json or jsconfig.json
// in dir or above it; nil when there is none.
func (r *Repo) tsConfigFor(dir string) *tsConfig {
	r.tsMu.Lock()
	defer r.tsMu.Unlock()
	if r.tsByDir == nil {
		r.tsByDir = map[string]*tsConfig{}
	}
	var walked []string
	var cfg *tsConfig
	for d := dir; ; d = path.Dir(d) {
		if c, ok := r.tsByDir[d]; ok {
			cfg = c
			break
		}
		walked = append(walked, d)
		if f := tsConfigFile(r.exists, d); f != "" {
			cfg = r.loadTSConfig(f, 0)
			break
		}
		if d == "." {
			break
		}
	}
	for _, d := range walked {
		r.tsByDir[d] = cfg
	}
	return cfg
}

func tsConfigFile(exists map[string]bool, dir string) string {
	for _, name := range []string{"tsconfig.json", "jsconfig.json"} {
		if f := path.Join(dir, name); exists[f] {
			return f
		}
	}
	return ""
}

// loadTSConfig reads config file f and what it extends (a relative path;
// a package's config is not the repository's).
func (r *Repo) loadTSConfig(f string, depth int) *tsConfig {
	var raw struct {
		Extends         json.RawMessage `json:"extends"`
		CompilerOptions struct {
			BaseURL *string             `json:"baseUrl"`
			Paths   map[string][]string `json:"paths"`
		} `json:"compilerOptions"`
	}
	cfg := &tsConfig{}
	if err := json.Unmarshal(stripJSONC(r.readText(f)), &raw); err != nil {
		return cfg
	}
	var parents []string
	if len(raw.Extends) > 0 && raw.Extends[0] == '[' {
		_ = json.Unmarshal(raw.Extends, &parents)
	} else if len(raw.Extends) > 0 {
		var one string
		_ = json.Unmarshal(raw.Extends, &one)
		parents = []string{one}
	}
	for _, p := range parents {
		if depth < 8 && (strings.HasPrefix(p, "./") || strings.HasPrefix(p, "../")) {
			pf := path.Join(dirOf(f), p)
			if !strings.HasSuffix(pf, ".json") && !r.exists[pf] {
				pf += ".json"
			}
			if r.exists[pf] {
				*cfg = *r.loadTSConfig(pf, depth+1)
			}
		}
	}
	dir := dirOf(f)
	if b := raw.CompilerOptions.BaseURL; b != nil {
		cfg.baseURL = path.Join(dir, *b)
		cfg.pathsBase = cfg.baseURL
	}
	if raw.CompilerOptions.Paths != nil {
		cfg.paths = raw.CompilerOptions.Paths
		if cfg.baseURL == "" {
			cfg.pathsBase = dir
		}
	}
	return cfg
}

// tsExactAliases are the patterns without "*" of every tsconfig's paths:
// a specifier such as "@app" need not name the file it resolves to.
func (r *Repo) tsExactAliases() []string {
	r.aliasOnce.Do(func() { r.aliases = r.readExactAliases() })
	return r.aliases
}

func (r *Repo) readExactAliases() []string {
	var words []string
	for _, f := range r.files {
		if b := path.Base(f); b == "tsconfig.json" || b == "jsconfig.json" || strings.HasPrefix(b, "tsconfig.") && strings.HasSuffix(b, ".json") {
			cfg := r.loadTSConfig(f, 0)
			for pat := range cfg.paths {
				if !strings.Contains(pat, "*") {
					words = append(words, `"`+pat+`"`, `'`+pat+`'`)
				}
			}
		}
	}
	sort.Strings(words)
	return needles(words...)
}

// stripJSONC turns tsconfig's JSON with comments and trailing commas into
// JSON.
func stripJSONC(s string) []byte {
	var out []byte
	inString := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case inString:
			out = append(out, c)
			if c == '\\' && i+1 < len(s) {
				i++
				out = append(out, s[i])
			} else if c == '"' {
				inString = false
			}
		case c == '"':
			inString = true
			out = append(out, c)
		case c == '/' && i+1 < len(s) && s[i+1] == '/':
			for i < len(s) && s[i] != '\n' {
				i++
			}
			out = append(out, '\n')
		case c == '/' && i+1 < len(s) && s[i+1] == '*':
			end := strings.Index(s[i+2:], "*/")
			if end < 0 {
				return out
			}
			i += end + 3
		case c == '}' || c == ']':
			j := len(out) - 1
			for j >= 0 && strings.ContainsRune(" \t\r\n", rune(out[j])) {
				j--
			}
			if j >= 0 && out[j] == ',' {
				out = append(out[:j], out[j+1:]...)
			}
			out = append(out, c)
		default:
			out = append(out, c)
		}
	}
	return out
}
