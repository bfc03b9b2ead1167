//go:build cgo

package symbols

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"testing"

	"hansard/fixtures/shared"
	"hansard/provenance/gitrepo/gittest"
)

// TestOpenListsMissNothing checks each grammar's open lists: a walk that
// opens every node reads the same symbols, imports and error shares as
// the walk that opens only the listed types (the two walk one tree, as the
// walks read nothing but the tree and the text), on the language tests'
// files (whole, cut short and read with every grammar), generated files,
// this repository's own source files and every version of the
// development set's (when the shared folder is there).
func TestOpenListsMissNothing(t *testing.T) {
	type input struct {
		name    string
		content string
		from    string // "" for the files read without the shared folder, else the development set's name
	}
	var inputs []input
	var names []string
	for n := range sources {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		src := sources[n]
		inputs = append(inputs, input{n, src, ""})
		lines := strings.SplitAfter(src, "\n")
		for k := 1; k < len(lines); k += 3 {
			inputs = append(inputs, input{n, strings.Join(lines[:k], ""), ""})
		}
		for _, other := range []string{"x.go", "x.py", "x.js", "x.ts", "x.tsx", "x.rs", "x.java", "x.c", "x.cc", "x.rb"} {
			inputs = append(inputs, input{other, src, ""})
		}
	}
	inputs = append(inputs, input{"big.go", string(genGo(64 << 10)), ""}, input{"big.ts", string(genTS(64 << 10)), ""})
	for f, c := range genRepo(40) {
		inputs = append(inputs, input{f, c, ""})
	}
	own := ownSources(t)
	if len(own) < 300 {
		t.Fatalf("the repository's source files: %d", len(own))
	}
	for _, f := range own {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, input{f, string(b), ""})
	}
	read := map[string]bool{"": true} // the sources of files read
	for _, set := range []string{"auth-go", "external-agents"} {
		files := bundleSources(t, set)
		read[set] = files != nil
		for f, c := range files {
			inputs = append(inputs, input{f, c, set})
		}
	}

	ctx := context.Background()
	opts := NewParser(Options{}).opts
	symbols := map[string]int{} // by where the files came from
	for _, in := range inputs {
		lang, _ := LanguageOf(in.name)
		pruned, full, err := parseWalks(ctx, lang, []byte(in.content), opts, true)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(pruned, full) {
			t.Errorf("%s (%d bytes): the pruned walk reads\n\t%s\n\t%s\nthe full walk\n\t%s\n\t%s", in.name, len(in.content),
				strings.Join(describe(pruned), "\n\t"), strings.Join(describeImports(pruned), "\n\t"),
				strings.Join(describe(full), "\n\t"), strings.Join(describeImports(full), "\n\t"))
		}
		symbols[in.from] += len(full.Symbols)
	}
	// What each source of files declares at least, so that a walk that
	// lost symbols on both sides fails too.
	least := map[string]int{"": 8000, "auth-go": 4500, "external-agents": 2900}
	for from, n := range least {
		if read[from] && symbols[from] < n {
			t.Errorf("%d symbols in the files of %q, want at least %d", symbols[from], from, n)
		}
	}
}

// ownSources lists this repository's files that symbols reads, found from
// the module root above the package.
func ownSources(t *testing.T) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir("..", func(p string, d os.DirEntry, err error) error {
		switch {
		case err != nil:
			return err
		case d.IsDir() && d.Name() == ".git":
			return filepath.SkipDir
		case d.Type().IsRegular():
			if _, ok := LanguageOf(p); ok {
				out = append(out, p)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// bundleSources returns every version of the files symbols reads in the
// history of the development set's repository set, by a name that keeps
// each file's extension and tells the versions apart; none when the
// shared folder is missing.
func bundleSources(t *testing.T, set string) map[string]string {
	t.Helper()
	bundle, ok := shared.Path(t, "devset", set, "repo.bundle")
	if !ok {
		return nil
	}
	r := gittest.New(t)
	r.Git("fetch", "-q", bundle, "main")
	paths := map[string]string{} // blob id → the path it was first listed at
	for _, line := range strings.Split(r.Git("rev-list", "--objects", "FETCH_HEAD"), "\n") {
		id, p, ok := strings.Cut(line, " ")
		if _, known := LanguageOf(p); ok && known {
			paths[id] = p
		}
	}
	// One call reads every object: a header line, the content, a newline.
	all := r.Git("cat-file", "--batch-all-objects", "--batch=%(objectname) %(objectsize)")
	out := map[string]string{}
	for all != "" {
		header, rest, _ := strings.Cut(all, "\n")
		idText, sizeText, _ := strings.Cut(header, " ")
		size, err := strconv.Atoi(sizeText)
		if err != nil {
			t.Fatalf("cat-file header %q", header)
		}
		size = min(size, len(rest)) // the output's last white space is trimmed
		if p, ok := paths[idText]; ok {
			out[set+"/"+idText+"/"+p] = rest[:size]
		}
		all = strings.TrimPrefix(rest[size:], "\n")
	}
	if len(out) < len(paths) || len(out) < 50 {
		t.Fatalf("%s: %d versions of source files read of %d", set, len(out), len(paths))
	}
	return out
}
