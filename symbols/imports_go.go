package symbols

import (
	"path"
	"strings"
)

// goResolver finds the importers of a Go file: the files that import its
// package, by the import path its folder has in the module of the nearest
// go.mod above it (nested modules are their own). A test file has none.
func (r *Repo) goResolver(target string) *resolver {
	if strings.HasSuffix(target, "_test.go") {
		return nil
	}
	pkg := r.goImportPath(dirOf(target))
	if pkg == "" {
		return nil
	}
	return &resolver{
		needles: needles(`"`+pkg+`"`, "`"+pkg+"`"),
		imports: func(_ string, im Import) bool { return im.Path == pkg },
	}
}

// goImportPath is the import path of the package in folder dir, "" when
// no go.mod covers it.
func (r *Repo) goImportPath(dir string) string {
	r.goOnce.Do(r.readGoMods)
	for d := dir; ; d = path.Dir(d) {
		if mod, ok := r.goMods[d]; ok {
			if d == dir {
				return mod
			}
			rel := strings.TrimPrefix(dir, d+"/")
			if d == "." {
				rel = dir
			}
			return mod + "/" + rel
		}
		if d == "." || d == "/" {
			return ""
		}
	}
}

// readGoMods reads the module path of every go.mod of the repository.
func (r *Repo) readGoMods() {
	r.goMods = map[string]string{}
	for _, f := range r.files {
		if path.Base(f) != "go.mod" {
			continue
		}
		if mod := goModulePath(r.readText(f)); mod != "" {
			r.goMods[dirOf(f)] = mod
		}
	}
}

// goModulePath is the path of a go.mod's module directive.
func goModulePath(gomod string) string {
	for _, line := range strings.Split(gomod, "\n") {
		if i := strings.Index(line, "//"); i >= 0 {
			line = line[:i]
		}
		f := strings.Fields(line)
		if len(f) == 2 && f[0] == "module" {
			return strings.Trim(f[1], "\"`")
		}
	}
	return ""
}
