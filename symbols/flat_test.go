//go:build cgo

package symbols

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
)

// TestOpenListsMissNothing checks each grammar's open lists: a walk that
// opens every node reads the same symbols, imports and error shares as
// the walk that opens only the listed types, on the language tests'
// files (whole, cut short and read with every grammar), generated files
// and a quarter of this repository's own Go files.
func TestOpenListsMissNothing(t *testing.T) {
	type input struct {
		name    string
		content string
	}
	var inputs []input
	var names []string
	for n := range sources {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		src := sources[n]
		inputs = append(inputs, input{n, src})
		lines := strings.SplitAfter(src, "\n")
		for k := 1; k < len(lines); k += 3 {
			inputs = append(inputs, input{n, strings.Join(lines[:k], "")})
		}
		for _, other := range []string{"x.go", "x.py", "x.js", "x.ts", "x.tsx", "x.rs", "x.java", "x.c", "x.cc", "x.rb"} {
			inputs = append(inputs, input{other, src})
		}
	}
	inputs = append(inputs, input{"big.go", string(genGo(64 << 10))}, input{"big.ts", string(genTS(64 << 10))})
	for f, c := range genRepo(40) {
		inputs = append(inputs, input{f, c})
	}
	own, err := filepath.Glob("../*/*.go")
	if err != nil || len(own) < 50 {
		t.Fatalf("the repository's Go files: %d, %v", len(own), err)
	}
	for i, f := range own {
		if i%4 != 0 {
			continue
		}
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		inputs = append(inputs, input{f, string(b)})
	}

	ctx := context.Background()
	opts := NewParser(Options{}).opts
	symbols := 0
	for _, in := range inputs {
		lang, _ := LanguageOf(in.name)
		pruned, err := parseOpening(ctx, lang, []byte(in.content), opts, true)
		if err != nil {
			t.Fatal(err)
		}
		full, err := parseOpening(ctx, lang, []byte(in.content), opts, false)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(pruned, full) {
			t.Errorf("%s (%d bytes): the pruned walk reads\n\t%s\n\t%s\nthe full walk\n\t%s\n\t%s", in.name, len(in.content),
				strings.Join(describe(pruned), "\n\t"), strings.Join(describeImports(pruned), "\n\t"),
				strings.Join(describe(full), "\n\t"), strings.Join(describeImports(full), "\n\t"))
		}
		symbols += len(full.Symbols)
	}
	if symbols < 3000 {
		t.Errorf("%d symbols in %d files, want the files to declare more", symbols, len(inputs))
	}
}
