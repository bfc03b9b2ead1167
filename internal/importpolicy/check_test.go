package importpolicy

import (
	"fmt"
	"slices"
	"strings"
)

// module is the module path. It has no dot: whether an import is standard
// comes from go list's Standard field, never from the path's shape.
const module = "hansard"

// group is a named set of imports and the rule that says where it belongs.
type group struct {
	name    string
	members string // import paths, space-separated; "x/..." is x and every package below it
	rule    string // for failure messages
}

// row names what one package of the module may import.
type row struct {
	pkg     string
	imports string // what its code may import: groups and paths, space-separated
	tests   string // what its tests may import besides imports, TEST and the package itself
	note    string // the rule the row holds, for failure messages
}

// listed is one package of the module as go list describes it.
type listed struct {
	ImportPath   string
	Imports      []string
	TestImports  []string
	XTestImports []string
	CgoFiles     []string
	Error        *struct{ Err string }
}

// policy is the table ready to check against packages.
type policy struct {
	groups []group
	rows   map[string]row
}

// newPolicy builds the policy and lists what is wrong with the table itself:
// a row or group given twice, an unknown group, or a path of the module that
// no row names (a misspelt path would silently allow nothing).
func newPolicy(groups []group, rows []row) (policy, []string) {
	pol := policy{groups: groups, rows: map[string]row{}}
	var bad []string
	for _, r := range rows {
		if _, dup := pol.rows[r.pkg]; dup {
			bad = append(bad, fmt.Sprintf("%s has two rows", r.pkg))
		}
		pol.rows[r.pkg] = r
	}
	known := map[string]bool{"STD": true}
	for _, g := range groups {
		if known[g.name] {
			bad = append(bad, fmt.Sprintf("group %s is defined twice", g.name))
		}
		known[g.name] = true
		bad = append(bad, pol.unknownPaths("group "+g.name, strings.Fields(g.members))...)
	}
	for _, r := range rows {
		entries := strings.Fields(r.imports + " " + r.tests)
		for _, e := range entries {
			if isGroupName(e) && !known[e] {
				bad = append(bad, fmt.Sprintf("row %s names an unknown group %s", r.pkg, e))
			}
		}
		bad = append(bad, pol.unknownPaths("row "+r.pkg, entries)...)
	}
	return pol, bad
}

// unknownPaths lists the paths of the module among entries that name no row.
func (pol policy) unknownPaths(where string, entries []string) []string {
	var bad []string
	for _, e := range entries {
		if e != module && !strings.HasPrefix(e, module+"/") {
			continue
		}
		found := false
		for pkg := range pol.rows {
			found = found || matches(e, pkg)
		}
		if !found {
			bad = append(bad, fmt.Sprintf("%s names %s, which no row names", where, e))
		}
	}
	return bad
}

// check lists every import of pkgs that the policy does not allow, and
// every package it has no row for. standard says which import paths go list
// reports as standard library.
func (pol policy) check(pkgs []listed, standard map[string]bool) []string {
	var bad []string
	for _, p := range pkgs {
		if p.Error != nil {
			bad = append(bad, fmt.Sprintf("%s: go list: %s", p.ImportPath, p.Error.Err))
		}
		r, ok := pol.rows[p.ImportPath]
		if !ok {
			bad = append(bad, fmt.Sprintf("%s is not in the policy: give it a row in policy_test.go naming what it may import", p.ImportPath))
			continue
		}
		code := strings.Fields(r.imports)
		tests := slices.Concat(code, []string{"TEST", p.ImportPath}, strings.Fields(r.tests))
		imports := p.Imports
		if len(p.CgoFiles) > 0 && !slices.Contains(imports, "C") {
			imports = append(slices.Clip(imports), "C")
		}
		bad = append(bad, pol.judge(p.ImportPath+" imports", imports, code, r, standard)...)
		bad = append(bad, pol.judge(p.ImportPath+"'s tests import", slices.Concat(p.TestImports, p.XTestImports), tests, r, standard)...)
	}
	return bad
}

// judge lists the imports that allowed does not cover, each with the rule
// it breaks: its group's, else the row's.
func (pol policy) judge(who string, imports, allowed []string, r row, standard map[string]bool) []string {
	var bad []string
	for _, imp := range slices.Compact(slices.Sorted(slices.Values(imports))) {
		if pol.allows(allowed, imp, standard[imp]) {
			continue
		}
		why := r.note
		if g, ok := pol.groupOf(imp); ok {
			why = g.rule
		}
		what := imp
		if imp == "C" {
			what = `"C" (cgo)`
		}
		bad = append(bad, fmt.Sprintf("%s %s, which its row does not allow: %s", who, what, why))
	}
	return bad
}

// allows reports whether one of entries (groups and paths) covers imp. STD
// covers a standard package that no group names.
func (pol policy) allows(entries []string, imp string, standard bool) bool {
	for _, e := range entries {
		if e == "STD" {
			if _, grouped := pol.groupOf(imp); standard && !grouped {
				return true
			}
			continue
		}
		if isGroupName(e) {
			for _, g := range pol.groups {
				if g.name == e && g.has(imp) {
					return true
				}
			}
			continue
		}
		if matches(e, imp) {
			return true
		}
	}
	return false
}

// groupOf returns the first group that names imp.
func (pol policy) groupOf(imp string) (group, bool) {
	for _, g := range pol.groups {
		if g.has(imp) {
			return g, true
		}
	}
	return group{}, false
}

func (g group) has(imp string) bool {
	for _, m := range strings.Fields(g.members) {
		if matches(m, imp) {
			return true
		}
	}
	return false
}

// matches reports whether pattern (a path, or "x/..." for x and every
// package below it) covers path.
func matches(pattern, path string) bool {
	if base, ok := strings.CutSuffix(pattern, "/..."); ok {
		return path == base || strings.HasPrefix(path, base+"/")
	}
	return path == pattern
}

// isGroupName reports whether an entry of a row names a group: two or more
// capital letters ("C" alone is the cgo pseudo-package).
func isGroupName(e string) bool {
	return len(e) > 1 && strings.Trim(e, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") == ""
}
