package symbols

import (
	"context"
	"path"
	"strings"
)

// rustModule is where a Rust file sits in its crate.
type rustModule struct {
	crate string   // the folder of the Cargo.toml
	base  string   // the folder module paths start from
	root  string   // the crate root file (lib.rs, main.rs, a bin, test or example)
	segs  []string // the file's module path below the root
}

// rustResolver finds the importers of a Rust file: the files whose `mod`
// declaration or `use` path (crate::, self::, super::, the crate's own
// name from another of its crates, or a path relative to the importer's
// module) reaches its module. A use path names the module file of its
// longest prefix that has one (`use crate::a::Thing` imports a.rs).
func (r *Repo) rustResolver(ctx context.Context, target string) *resolver {
	m, ok := r.rustModuleOf(ctx, target)
	if !ok {
		return nil
	}
	res := &resolver{imports: func(f string, im Import) bool { return r.rustResolve(ctx, f, im.Path) == target }}
	if len(m.segs) == 0 {
		res.near = m.crate
		res.needles = needles("crate", r.crateName(m.crate))
	} else {
		// Its submodules reach it as super:: without naming it.
		res.near = path.Join(m.base, strings.Join(m.segs, "/"))
		res.needles = needles(m.segs[len(m.segs)-1])
	}
	return res
}

// rustModuleOf places file f in its crate: the nearest folder above it with
// a Cargo.toml.
func (r *Repo) rustModuleOf(ctx context.Context, f string) (rustModule, bool) {
	crate := ""
	for d := dirOf(f); ; d = path.Dir(d) {
		if r.exists[path.Join(d, "Cargo.toml")] {
			crate = d
			break
		}
		if d == "." {
			return rustModule{}, false
		}
	}
	rel := strings.TrimPrefix(f, crate+"/")
	if crate == "." {
		rel = f
	}
	join := func(p string) string { return path.Join(crate, p) }
	m := rustModule{crate: crate, base: join("src")}
	top, _, _ := strings.Cut(rel, "/")
	switch {
	case rel == "src/lib.rs" || rel == "src/main.rs":
		m.root = f
	case top == "tests" || top == "examples" || top == "benches" || strings.HasPrefix(rel, "src/bin/"):
		m.root, m.base = f, dirOf(f) // a crate of its own, with mod-rs children beside it
	case top == "src":
		m.segs = strings.Split(strings.TrimSuffix(strings.TrimPrefix(rel, "src/"), ".rs"), "/")
		if m.segs[len(m.segs)-1] == "mod" {
			m.segs = m.segs[:len(m.segs)-1]
		}
		m.root = r.rustRoot(ctx, join("src/lib.rs"), join("src/main.rs"), m.segs[0])
	default:
		return rustModule{}, false
	}
	return m, true
}

// rustRoot is the crate root that declares top-level module mod: main.rs
// when it has `mod mod;` and a lib.rs is beside it, else lib.rs, else
// main.rs.
func (r *Repo) rustRoot(ctx context.Context, lib, main, mod string) string {
	if !r.exists[lib] {
		return main
	}
	if !r.exists[main] {
		return lib
	}
	content, err := r.src.ReadFile(main)
	if err != nil {
		return lib
	}
	f, err := r.parser.Parse(ctx, main, content)
	if err != nil {
		return lib
	}
	for _, im := range f.Imports {
		if im.Path == "self::"+mod {
			return main
		}
	}
	return lib
}

// rustResolve is the file that use path p of file f reaches, "" when it
// leaves the repository.
func (r *Repo) rustResolve(ctx context.Context, f, p string) string {
	m, ok := r.rustModuleOf(ctx, f)
	if !ok {
		return ""
	}
	segs := strings.Split(p, "::")
	if segs[len(segs)-1] == "*" {
		segs = segs[:len(segs)-1]
	}
	var abs []string
	minLen := 0
	switch segs[0] {
	case "crate":
		abs = segs[1:]
	case "self":
		abs = append(append([]string{}, m.segs...), segs[1:]...)
	case "super":
		k := 0
		for k < len(segs) && segs[k] == "super" {
			k++
		}
		if k > len(m.segs) {
			return ""
		}
		abs = append(append([]string{}, m.segs[:len(m.segs)-k]...), segs[k:]...)
	case "std", "core", "alloc":
		return ""
	default:
		if name := r.crateName(m.crate); name != "" && segs[0] == name && m.root != path.Join(m.crate, "src/lib.rs") {
			lib := rustModule{crate: m.crate, base: path.Join(m.crate, "src"), root: path.Join(m.crate, "src/lib.rs")}
			return r.rustFile(lib, segs[1:], 0)
		}
		// A path relative to f's module: `use a::b` after `mod a;`.
		abs = append(append([]string{}, m.segs...), segs...)
		minLen = len(m.segs) + 1
	}
	return r.rustFile(m, abs, minLen)
}

// rustFile is the module file of the longest prefix of abs, at least
// minLen long, that has one; the crate root for an empty prefix.
func (r *Repo) rustFile(m rustModule, abs []string, minLen int) string {
	for k := len(abs); k >= minLen; k-- {
		if k == 0 {
			if r.exists[m.root] {
				return m.root
			}
			return ""
		}
		p := path.Join(m.base, strings.Join(abs[:k], "/"))
		for _, f := range []string{p + ".rs", p + "/mod.rs"} {
			if r.exists[f] {
				return f
			}
		}
	}
	return ""
}

// crateName is the package name of the Cargo.toml in folder crate, as
// code writes it (dashes as underscores).
func (r *Repo) crateName(crate string) string {
	r.rsMu.Lock()
	defer r.rsMu.Unlock()
	if name, ok := r.crates[crate]; ok {
		return name
	}
	if r.crates == nil {
		r.crates = map[string]string{}
	}
	name, section := "", ""
	for _, line := range strings.Split(r.readText(path.Join(crate, "Cargo.toml")), "\n") {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "[") {
			section = strings.Trim(line, "[] ")
			continue
		}
		if k, v, ok := strings.Cut(line, "="); ok && (section == "package" || section == "lib") && strings.TrimSpace(k) == "name" {
			name = strings.ReplaceAll(strings.Trim(strings.TrimSpace(v), `"'`), "-", "_")
			if section == "lib" {
				break
			}
		}
	}
	r.crates[crate] = name
	return name
}
