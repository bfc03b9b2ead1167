package symbols

import (
	"encoding/json"
	"path"
	"strings"
)

// jsPackage is a package.json of the repository: a workspace package that
// others import by name.
type jsPackage struct {
	dir     string
	entries []string // what the bare name imports: exports ".", types, module, main
}

// jsPackages reads the name and entry points of every package.json.
func (r *Repo) jsPackages() map[string]jsPackage {
	r.pkgOnce.Do(func() {
		r.pkgs = map[string]jsPackage{}
		for _, f := range r.files {
			if path.Base(f) != "package.json" || strings.Contains(f, "node_modules/") {
				continue
			}
			var raw struct {
				Name    string          `json:"name"`
				Main    string          `json:"main"`
				Module  string          `json:"module"`
				Types   string          `json:"types"`
				Exports json.RawMessage `json:"exports"`
			}
			if json.Unmarshal([]byte(r.readText(f)), &raw) != nil || raw.Name == "" {
				continue
			}
			p := jsPackage{dir: dirOf(f)}
			p.entries = append(jsExportEntries(raw.Exports), raw.Types, raw.Module, raw.Main)
			r.pkgs[raw.Name] = p
		}
	})
	return r.pkgs
}

// jsExportEntries are the targets of an exports field's "." entry: a
// string, or the conditions of an object ("types", "import", "default"…).
func jsExportEntries(raw json.RawMessage) []string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return []string{s}
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(raw, &m) != nil {
		return nil
	}
	if dot, ok := m["."]; ok {
		return jsExportEntries(dot)
	}
	var out []string
	for _, cond := range []string{"types", "import", "module", "require", "default"} {
		if v, ok := m[cond]; ok {
			out = append(out, jsExportEntries(v)...)
		}
	}
	return out
}

// jsPackageFile is the file a bare specifier names in a workspace package:
// its subpath, else its entry points; an entry in a build folder (dist/,
// lib/, build/) that is not in the repository is looked for under src/.
func (r *Repo) jsPackageFile(spec string) string {
	name, sub := spec, ""
	n := 1
	if strings.HasPrefix(spec, "@") {
		n = 2
	}
	if parts := strings.SplitN(spec, "/", n+1); len(parts) > n {
		name, sub = strings.Join(parts[:n], "/"), parts[n]
	}
	pkg, ok := r.jsPackages()[name]
	if !ok {
		return ""
	}
	if sub != "" {
		if f := r.jsFile(path.Join(pkg.dir, sub)); f != "" {
			return f
		}
		return r.jsFile(path.Join(pkg.dir, "src", sub))
	}
	for _, e := range pkg.entries {
		if e == "" {
			continue
		}
		if f := r.jsFile(path.Join(pkg.dir, e)); f != "" {
			return f
		}
		for _, build := range []string{"dist/", "lib/", "build/", "out/"} {
			if rest, ok := strings.CutPrefix(path.Clean(e), build); ok {
				if f := r.jsFile(path.Join(pkg.dir, "src", strings.TrimSuffix(rest, ".d.ts"))); f != "" {
					return f
				}
			}
		}
	}
	if f := r.jsFile(pkg.dir); f != "" {
		return f
	}
	return r.jsFile(path.Join(pkg.dir, "src"))
}

// jsPackageName is the name of the workspace package that holds file f,
// "" when none does.
func (r *Repo) jsPackageName(f string) string {
	best, bestLen := "", -1
	for name, p := range r.jsPackages() {
		if under(f, p.dir) && len(p.dir) > bestLen {
			best, bestLen = name, len(p.dir)
		}
	}
	return best
}
