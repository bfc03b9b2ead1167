package symbols

import (
	"bytes"
	"context"
	"path"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
)

// Source reads the content of a repository's files by repository-relative
// path (slash-separated): from git blobs or from the work tree. Importers
// calls it from several goroutines at once.
type Source interface {
	ReadFile(path string) ([]byte, error)
}

// BlobSource is a Source that also knows a file's git blob id without
// reading it (from the tree's listing): a file whose parse the cache holds
// is then not read at all.
type BlobSource interface {
	Source
	BlobID(path string) (string, bool)
}

// Repo answers which files of a repository import a file. It reads files
// through its Source only when needed, parses them with its Parser (so by
// blob id through its cache) and is safe for concurrent use.
type Repo struct {
	files  []string
	exists map[string]bool
	src    Source
	parser *Parser

	goOnce    sync.Once
	goMods    map[string]string // folder ("." for the root) → module path of its go.mod
	pyOnce    sync.Once
	pyIndex   map[string][]string // module path suffix ("pkg/mod") → module files
	tsMu      sync.Mutex
	tsByDir   map[string]*tsConfig // folder → the config that governs it (nil: none)
	aliasOnce sync.Once
	aliases   []string // exact paths patterns of every tsconfig, quoted
	rsMu      sync.Mutex
	crates    map[string]string // crate folder → crate name, from Cargo.toml
	pkgOnce   sync.Once
	pkgs      map[string]jsPackage // package.json name → package
	// spare is what is left of ParseSpare's budget.
	spare    atomic.Int64
	famOnce  sync.Once
	byFamily map[Language][]string // language family → its files
	baseOnce sync.Once
	byBase   map[string][]string // file name → the files of that name
}

// Importer is a file that imports another, with the first import that
// does.
type Importer struct {
	Path   string
	Line   int
	Import string // as written: "example.com/m/pkg", "./x", "crate::a::b"
}

// ImportStats counts what one Importers call read.
type ImportStats struct {
	Files      int // files of the target's language family
	Candidates int // of those, files whose text names the target (read and parsed)
	Skipped    int // files whose imports could not be read: unreadable, or candidates the parser skipped
}

// NewRepo returns the import graph of files (repository-relative paths)
// read through src and parsed by p.
func NewRepo(files []string, src Source, p *Parser) *Repo {
	r := &Repo{files: files, exists: make(map[string]bool, len(files)), src: src, parser: p}
	for _, f := range files {
		r.exists[f] = true
	}
	return r
}

// ParseSpare lets Importers also parse files it reads that are no
// candidates (their text does not name the target), up to n bytes in all:
// their parses go to the Parser's cache, so that later searches for any
// target, with a BlobSource, find their imports there without reading
// them. 0 (the default): only candidates are parsed.
func (r *Repo) ParseSpare(n int64) { r.spare.Store(n) }

// resolver is what importers of one target are found with: the texts an
// importer must contain one of (no needles: every file is a candidate),
// a folder whose files are always candidates, and the test of one import.
type resolver struct {
	needles []string
	bytes   [][]byte // needles as bytes, for file contents
	near    string   // a folder ("" for none; "." for the root)
	imports func(importer string, im Import) bool
}

// Importers returns the files of the repository that import target, sorted
// by path. Go files import a package (every file of the folder); Python,
// JavaScript/TypeScript, Rust, Java, C/C++ and Ruby files import the file
// itself. A target in another language has no importers. Files that cannot
// be read or parsed are counted in ImportStats.Skipped; the only errors are
// ctx's and, in a build without cgo, ErrNoCgo.
func (r *Repo) Importers(ctx context.Context, target string) ([]Importer, ImportStats, error) {
	var st ImportStats
	if !Available() {
		return nil, st, ErrNoCgo
	}
	lang, ok := LanguageOf(target)
	if !ok || !r.exists[target] {
		return nil, st, nil
	}
	var res *resolver
	var err error
	switch lang {
	case Go:
		res = r.goResolver(target)
	case Python:
		res = r.pyResolver(target)
	case JavaScript, TypeScript, TSX:
		res = r.jsResolver(target)
	case Rust:
		res = r.rustResolver(ctx, target)
	case Java:
		res, err = r.javaResolver(ctx, target)
	case C, CPP:
		res = r.cResolver(target)
	case Ruby:
		res = r.rubyResolver(target)
	}
	if err != nil || res == nil {
		return nil, st, err
	}
	for _, n := range res.needles {
		res.bytes = append(res.bytes, []byte(n))
	}
	candidates := r.family(family(lang))
	st.Files = len(candidates)
	if slices.Contains(candidates, target) {
		st.Files--
	}

	var (
		mu   sync.Mutex
		out  []Importer
		wg   sync.WaitGroup
		next atomic.Int64 // the next index of candidates to take, a batch at a time
	)
	const batch = 64
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				end := int(next.Add(batch))
				start := end - batch
				if start >= len(candidates) {
					return
				}
				var local []Importer
				var reads, skips int
				for _, f := range candidates[start:min(end, len(candidates))] {
					if f == target {
						continue
					}
					im, read, skipped := r.check(ctx, f, res)
					reads += boolInt(read)
					skips += boolInt(skipped)
					if im != nil {
						local = append(local, *im)
					}
				}
				mu.Lock()
				st.Candidates += reads
				st.Skipped += skips
				out = append(out, local...)
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, st, err
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out, st, nil
}

// family lists the files of the repository in a language family.
func (r *Repo) family(fam Language) []string {
	r.famOnce.Do(func() {
		r.byFamily = map[Language][]string{}
		for _, f := range r.files {
			if l, ok := LanguageOf(f); ok {
				r.byFamily[family(l)] = append(r.byFamily[family(l)], f)
			}
		}
	})
	return r.byFamily[fam]
}

// check reads file f and returns its first import that res accepts;
// read says whether it was a candidate, skipped whether its imports
// could not be read.
func (r *Repo) check(ctx context.Context, f string, res *resolver) (im *Importer, read, skipped bool) {
	if blobs, ok := r.src.(BlobSource); ok {
		if id, ok := blobs.BlobID(f); ok {
			if pf, ok := r.parser.Cached(f, id); ok {
				return res.first(f, pf)
			}
		}
	}
	content, err := r.src.ReadFile(f)
	if err != nil {
		return nil, false, true
	}
	if !res.candidate(f, content) {
		if r.spare.Load() > 0 && r.spare.Add(-int64(len(content))) >= 0 {
			r.parser.Parse(ctx, f, content) // only for the cache
		}
		return nil, false, false
	}
	pf, err := r.parser.Parse(ctx, f, content)
	if err != nil {
		return nil, true, false
	}
	return res.first(f, pf)
}

// first returns the first import of pf (file f's parse) that res accepts.
func (res *resolver) first(f string, pf *File) (im *Importer, read, skipped bool) {
	if pf.Skipped != "" {
		return nil, true, true
	}
	near := len(res.needles) == 0 || (res.near != "" && under(f, res.near))
	for _, imp := range pf.Imports {
		if (near || res.names(imp)) && res.imports(f, imp) {
			return &Importer{Path: f, Line: imp.Line, Import: imp.Path}, true, false
		}
	}
	return nil, true, false
}

// names reports whether import im's text holds one of the needles (a
// quoted needle is the whole path): an import that does not cannot name
// the target, as a file that does not cannot import it.
func (res *resolver) names(im Import) bool {
	for _, w := range res.needles {
		if strings.Contains(im.Path, w) || len(w) > 2 && strings.ContainsRune("\"'`", rune(w[0])) && w[1:len(w)-1] == im.Path {
			return true
		}
		for _, name := range im.Names {
			if strings.Contains(name, w) {
				return true
			}
		}
	}
	return false
}

func (res *resolver) candidate(f string, content []byte) bool {
	if len(res.needles) == 0 || (res.near != "" && under(f, res.near)) {
		return true
	}
	for _, n := range res.bytes {
		if bytes.Contains(content, n) {
			return true
		}
	}
	return false
}

// family groups the languages that import one another.
func family(l Language) Language {
	switch l {
	case TypeScript, TSX:
		return JavaScript
	case CPP:
		return C
	}
	return l
}

func needles(words ...string) []string {
	var out []string
	for _, w := range words {
		if w != "" {
			out = append(out, w)
		}
	}
	return out
}

// under reports whether file f lies in folder dir ("." is the root).
func under(f, dir string) bool {
	return dir == "." || strings.HasPrefix(f, dir+"/")
}

// dirOf is a file's folder, "." at the root.
func dirOf(f string) string { return path.Dir(f) }

// stem is a file name without folder and extension.
func stem(f string) string {
	b := path.Base(f)
	return strings.TrimSuffix(b, path.Ext(b))
}

// readText reads a small configuration file, "" when it cannot be read.
func (r *Repo) readText(f string) string {
	if !r.exists[f] {
		return ""
	}
	b, err := r.src.ReadFile(f)
	if err != nil {
		return ""
	}
	return string(b)
}
