package symbols

import (
	"path"
	"strings"
)

// jsExtensions are tried, in order, after a specifier without one.
var jsExtensions = []string{".ts", ".tsx", ".d.ts", ".js", ".jsx", ".mjs", ".cjs", ".mts", ".cts"}

// jsResolver finds the importers of a JavaScript or TypeScript file. A
// relative specifier ("./x", "../lib/y.js") resolves from the importer's
// folder; any other through the `paths` and `baseUrl` of the tsconfig.json
// (or jsconfig.json) above the importer, `extends` followed, else as a
// workspace package's name (jsPackageFile). A specifier names a file as
// written, else with an extension added (TypeScript's "./x.js" for x.ts
// included), else a folder's index file. Other packages' imports are not
// the repository's.
func (r *Repo) jsResolver(target string) *resolver {
	name := strings.TrimSuffix(stem(target), ".d")
	res := &resolver{imports: func(f string, im Import) bool { return r.jsResolve(f, im.Path) == target }}
	if name == "index" {
		// "." and ".." name an index without its folder's name.
		name = path.Base(dirOf(target))
		res.near = dirOf(target)
	}
	res.needles = append(needles(name, r.jsPackageName(target)), r.tsExactAliases()...)
	return res
}

// jsResolve is the file specifier spec of file f names, "" when none of
// the repository does.
func (r *Repo) jsResolve(f, spec string) string {
	if spec == "." || spec == ".." || strings.HasPrefix(spec, "./") || strings.HasPrefix(spec, "../") {
		return r.jsFile(path.Join(dirOf(f), spec))
	}
	if strings.HasPrefix(spec, "/") {
		return ""
	}
	cfg := r.tsConfigFor(dirOf(f))
	if targets, ok := cfg.match(spec); ok {
		for _, t := range targets {
			if m := r.jsFile(path.Join(cfg.pathsBase, t)); m != "" {
				return m
			}
		}
	}
	if cfg != nil && cfg.baseURL != "" {
		if m := r.jsFile(path.Join(cfg.baseURL, spec)); m != "" {
			return m
		}
	}
	return r.jsPackageFile(spec)
}

// jsFile is the file that module path p (joined, cleaned) names.
func (r *Repo) jsFile(p string) string {
	if strings.HasPrefix(p, "../") || p == ".." {
		return ""
	}
	if r.exists[p] {
		if _, ok := LanguageOf(p); ok {
			return p
		}
	}
	for _, ext := range jsExtensions {
		if r.exists[p+ext] {
			return p + ext
		}
	}
	// TypeScript imports x.ts as "./x.js".
	for js, tss := range map[string][]string{".js": {".ts", ".tsx"}, ".jsx": {".tsx"}, ".mjs": {".mts"}, ".cjs": {".cts"}} {
		if base, ok := strings.CutSuffix(p, js); ok {
			for _, ts := range tss {
				if r.exists[base+ts] {
					return base + ts
				}
			}
		}
	}
	for _, ext := range jsExtensions {
		if f := path.Join(p, "index"+ext); r.exists[f] {
			return f
		}
	}
	return ""
}
