package recall

import (
	"path"
	"strings"
)

// fileMatcher decides whether an edited path matches the file filter. The
// filter is a repo-relative path (archive/search.go), an absolute path, a
// base name (search.go matches it in any folder), a folder ending in '/'
// (everything under it), or a glob: * ? and [..] match within one path
// element, ** matches any number of folders. A path that equals the filter
// matches even when the filter looks like a glob (app/[id]/page.tsx).
type fileMatcher struct {
	pattern string
	base    bool // no '/': match the base name
	dir     bool // ends in '/': match everything under it
}

func newFileMatcher(p string) (*fileMatcher, error) {
	p = strings.TrimSpace(p)
	for strings.HasPrefix(p, "./") {
		p = p[2:]
	}
	if p == "" || p == "/" {
		return nil, invalidArg("file", "file is empty")
	}
	m := &fileMatcher{pattern: p}
	switch {
	case strings.HasSuffix(p, "/"):
		m.dir = true
	case !strings.Contains(p, "/"):
		m.base = true
	}
	for _, seg := range strings.Split(strings.TrimSuffix(p, "/"), "/") {
		if seg == "**" {
			continue
		}
		if _, err := path.Match(seg, ""); err != nil {
			return nil, invalidArgf("file", "file %q is not a valid glob: %v", p, err)
		}
	}
	return m, nil
}

// literal returns the longest run without glob characters of the
// pattern's last element: every matching path, relative or absolute,
// contains it, so the archive can narrow with it.
func (m *fileMatcher) literal() string {
	best := ""
	last := path.Base(strings.TrimSuffix(m.pattern, "/"))
	for _, part := range strings.FieldsFunc(last, func(r rune) bool { return strings.ContainsRune(`*?[]\`, r) }) {
		if len(part) > len(best) {
			best = part
		}
	}
	return best
}

// match reports whether an edit of rel (relative to repoRoot, or absolute
// when repoRoot is empty) matches.
func (m *fileMatcher) match(repoRoot, rel string) bool {
	full := rel
	if repoRoot != "" && !strings.HasPrefix(rel, "/") {
		full = strings.TrimSuffix(repoRoot, "/") + "/" + rel
	}
	switch {
	case m.dir:
		return strings.HasPrefix(rel, m.pattern) || strings.HasPrefix(full, m.pattern)
	case m.base:
		b := path.Base(rel)
		ok, _ := path.Match(m.pattern, b)
		return b == m.pattern || ok
	}
	for _, name := range []string{rel, full} {
		if name == m.pattern || globMatch(strings.Split(m.pattern, "/"), strings.Split(name, "/")) {
			return true
		}
	}
	return false
}

// globMatch matches path elements against pattern elements, where "**"
// matches any number of elements (none included).
func globMatch(pat, name []string) bool {
	for len(pat) > 0 {
		if pat[0] == "**" {
			for i := 0; i <= len(name); i++ {
				if globMatch(pat[1:], name[i:]) {
					return true
				}
			}
			return false
		}
		if len(name) == 0 {
			return false
		}
		if ok, _ := path.Match(pat[0], name[0]); !ok {
			return false
		}
		pat, name = pat[1:], name[1:]
	}
	return len(name) == 0
}
