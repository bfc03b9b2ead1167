package symbols

import (
	"path"
	"strings"
)

// pyResolver finds the importers of a Python module (a .py file, or a
// package's __init__.py). An absolute import (`import a.b`, `from a.b
// import c`) names a module under some source root: of the files whose path
// ends with it, the one under the deepest root that holds the importer
// (see pyAbsolute). A relative import (`from . import x`, `from ..pkg.mod
// import y`) counts from the importer's package. `from X import n` imports
// the submodule X.n when there is one, else X.
func (r *Repo) pyResolver(target string) *resolver {
	res := &resolver{imports: func(f string, im Import) bool {
		for _, m := range r.pyResolve(f, im) {
			if m == target {
				return true
			}
		}
		return false
	}}
	if pyModule(target) == "" {
		return nil
	}
	name := stem(target)
	if name == "__init__" {
		// Relative imports of a package need not name it: every file
		// inside it is a candidate.
		name = path.Base(dirOf(target))
		res.near = dirOf(target)
	}
	res.needles = needles(name)
	return res
}

// pyModule is a Python file's module path without extension ("a/b/c" for
// a/b/c.py, "a/b" for a/b/__init__.py); "" for other files.
func pyModule(f string) string {
	for _, ext := range []string{".py", ".pyi"} {
		if m, ok := strings.CutSuffix(f, ext); ok {
			if m == "__init__" {
				return "."
			}
			return strings.TrimSuffix(m, "/__init__")
		}
	}
	return ""
}

// pyResolve is the module files that import im of file f refers to.
func (r *Repo) pyResolve(f string, im Import) []string {
	names := im.Names
	if len(names) == 0 {
		names = []string{""}
	}
	var out []string
	if strings.HasPrefix(im.Path, ".") {
		rel := strings.TrimLeft(im.Path, ".")
		base := dirOf(f)
		for range len(im.Path) - len(rel) - 1 {
			base = path.Dir(base)
		}
		mod := path.Join(base, strings.ReplaceAll(rel, ".", "/"))
		for _, n := range names {
			if m := r.pyFile(path.Join(mod, n)); n != "" && n != "*" && m != "" {
				out = append(out, m)
			} else if m := r.pyFile(mod); m != "" {
				out = append(out, m)
			}
		}
		return out
	}
	mod := strings.ReplaceAll(im.Path, ".", "/")
	for _, n := range names {
		if n != "" && n != "*" {
			if m := r.pyAbsolute(f, mod+"/"+n); m != "" {
				out = append(out, m)
				continue
			}
		}
		if m := r.pyAbsolute(f, mod); m != "" {
			out = append(out, m)
		}
	}
	return out
}

// pyFile is the file of module path mod ("a/b"), "" when there is none.
func (r *Repo) pyFile(mod string) string {
	for _, f := range []string{mod + ".py", mod + "/__init__.py", mod + ".pyi", mod + "/__init__.pyi"} {
		if r.exists[f] {
			return f
		}
	}
	return ""
}

// pyAbsolute is the file an absolute module path names from file f: the
// one under the deepest root that holds f (the repository's root
// included), else the only one under a folder named src or lib (a src
// layout). A module elsewhere is not guessed at: `import config` from
// tests/ is not app/config.py.
func (r *Repo) pyAbsolute(f, mod string) string {
	r.pyOnce.Do(r.indexPython)
	best, depth := "", -1
	var layout []string
	for _, m := range r.pyIndex[mod] {
		root := strings.TrimSuffix(strings.TrimSuffix(pyModule(m), mod), "/")
		switch {
		case (root == "" || under(f, root)) && len(root) > depth:
			best, depth = m, len(root)
		case path.Base(root) == "src" || path.Base(root) == "lib":
			layout = append(layout, m)
		}
	}
	if best == "" && len(layout) == 1 {
		return layout[0]
	}
	return best
}

// indexPython maps every suffix of every module path ("c", "b/c", "a/b/c")
// to the module files that end with it.
func (r *Repo) indexPython() {
	r.pyIndex = map[string][]string{}
	for _, f := range r.files {
		m := pyModule(f)
		if m == "" || m == "." {
			continue
		}
		for i := len(m); i >= 0; i-- {
			if i == 0 || m[i-1] == '/' {
				r.pyIndex[m[i:]] = append(r.pyIndex[m[i:]], f)
			}
		}
	}
}
