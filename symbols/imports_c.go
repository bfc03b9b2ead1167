package symbols

import (
	"path"
	"strings"
)

// cResolver finds the importers of a C or C++ file (a header, mostly):
// the files whose quoted #include names it, beside the includer first,
// else under an include folder: of the files whose path ends with the
// include, the one that shares the longest folder prefix with the
// includer, one under a folder named include on a tie.
func (r *Repo) cResolver(target string) *resolver {
	return &resolver{
		needles: needles(path.Base(target)),
		imports: func(f string, im Import) bool {
			if p := path.Join(dirOf(f), im.Path); r.exists[p] {
				return p == target
			}
			return r.bySuffix(f, im.Path, func(root string) int { return boolInt(path.Base(root) == "include") }) == target
		},
	}
}

// rubyResolver finds the importers of a Ruby file: require_relative from
// the requiring file's folder, require through a load path (a lib folder
// or the repository's root), as bySuffix picks.
func (r *Repo) rubyResolver(target string) *resolver {
	return &resolver{
		needles: needles(stem(target)),
		imports: func(f string, im Import) bool {
			p := im.Path
			if !strings.HasSuffix(p, ".rb") {
				p += ".rb"
			}
			if strings.HasPrefix(p, "./") || strings.HasPrefix(p, "../") {
				return path.Join(dirOf(f), p) == target
			}
			return r.bySuffix(f, p, func(root string) int { return boolInt(root == "" || path.Base(root) == "lib") - 1 }) == target
		},
	}
}

// bySuffix is the file whose path is rel below some folder root that
// shares the longest folder prefix with file f, root's score breaking
// ties (a negative score refuses the root); "" when there is none.
func (r *Repo) bySuffix(f, rel string, score func(root string) int) string {
	r.baseOnce.Do(func() {
		r.byBase = map[string][]string{}
		for _, p := range r.files {
			r.byBase[path.Base(p)] = append(r.byBase[path.Base(p)], p)
		}
	})
	best, bestShared := "", -1
	for _, p := range r.byBase[path.Base(rel)] {
		prefix, ok := strings.CutSuffix(p, rel)
		if !ok || (prefix != "" && !strings.HasSuffix(prefix, "/")) {
			continue
		}
		bonus := score(strings.TrimSuffix(prefix, "/"))
		if bonus < 0 {
			continue
		}
		if n := 2*sharedPrefix(dirOf(f), dirOf(p)) + bonus; n > bestShared {
			best, bestShared = p, n
		}
	}
	return best
}

// sharedPrefix counts the leading folders two folders share.
func sharedPrefix(a, b string) int {
	as, bs := strings.Split(a, "/"), strings.Split(b, "/")
	n := 0
	for n < len(as) && n < len(bs) && as[n] == bs[n] {
		n++
	}
	return n
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
