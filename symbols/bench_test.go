//go:build cgo

package symbols

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	sitter "github.com/smacker/go-tree-sitter"
	"github.com/smacker/go-tree-sitter/golang"
	"github.com/smacker/go-tree-sitter/typescript/typescript"

	"hansard/fixtures/cputime"
)

// genGo writes a Go file of about size bytes: types, methods, functions,
// consts, as a large hand-written package would have.
func genGo(size int) []byte {
	var b strings.Builder
	b.WriteString("package big\n\nimport (\n\t\"fmt\"\n\t\"strings\"\n)\n\n")
	for i := 0; b.Len() < size; i++ {
		fmt.Fprintf(&b, `// Item%[1]d is one generated item.
type Item%[1]d struct {
	Name  string
	Count int
}

// Render writes the item.
func (it *Item%[1]d) Render(w *strings.Builder) error {
	for j := 0; j < it.Count; j++ {
		if j%%2 == 0 {
			fmt.Fprintf(w, "%%s-%%d\n", it.Name, j)
		}
	}
	return nil
}

const Limit%[1]d = %[1]d

func make%[1]d(name string) *Item%[1]d { return &Item%[1]d{Name: name, Count: %[1]d} }

`, i)
	}
	return []byte(b.String())
}

// genTS writes a TypeScript file of about size bytes: classes, arrow
// functions, interfaces.
func genTS(size int) []byte {
	var b strings.Builder
	b.WriteString("import { api } from './api';\n\n")
	for i := 0; b.Len() < size; i++ {
		fmt.Fprintf(&b, `export interface Props%[1]d {
  id: string;
  count: number;
}

export class Store%[1]d {
  private items: Props%[1]d[] = [];

  async load(id: string): Promise<Props%[1]d[]> {
    const rows = await api.get<Props%[1]d[]>("/items/" + id);
    this.items = rows.filter((r) => r.count > %[1]d);
    return this.items;
  }
}

export const format%[1]d = (p: Props%[1]d): string => p.id + ":" + String(p.count);

`, i)
	}
	return []byte(b.String())
}

func benchmarkParse(b *testing.B, name string, src []byte) {
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	start := cputime.Used()
	defer func() { cputime.ReportMBPerSec(b, start, float64(len(src))*float64(b.N)) }()
	for b.Loop() {
		p := NewParser(Options{Cache: NewLRU(1)}) // a fresh cache: every parse is cold
		f, err := p.Parse(context.Background(), name, src)
		if err != nil || f.Skipped != "" {
			b.Fatalf("parse: %v %s", err, f.Skipped)
		}
	}
}

func BenchmarkParseGo(b *testing.B) { benchmarkParse(b, "big.go", genGo(1<<20)) }
func BenchmarkParseTS(b *testing.B) { benchmarkParse(b, "big.ts", genTS(1<<20)) }

// BenchmarkTreeSitterOnly is the baseline of the parse benchmarks: the
// same files through tree-sitter's parse alone, nothing read out of the
// tree.
func BenchmarkTreeSitterOnly(b *testing.B) {
	for _, tc := range []struct {
		name string
		lang *sitter.Language
		src  []byte
	}{{"go", golang.GetLanguage(), genGo(1 << 20)}, {"ts", typescript.GetLanguage(), genTS(1 << 20)}} {
		b.Run(tc.name, func(b *testing.B) {
			p := sitter.NewParser()
			defer p.Close()
			p.SetLanguage(tc.lang)
			b.SetBytes(int64(len(tc.src)))
			start := cputime.Used()
			defer func() { cputime.ReportMBPerSec(b, start, float64(len(tc.src))*float64(b.N)) }()
			for b.Loop() {
				tree, err := p.ParseCtx(context.Background(), nil, tc.src)
				if err != nil {
					b.Fatal(err)
				}
				tree.Close()
			}
		})
	}
}

// genRepo lays out a repository of n files, half Go (in packages of ten
// files, each importing two other packages) and half TypeScript (each
// importing two other files), with target files imported by many.
func genRepo(n int) memRepo {
	r := memRepo{"go.mod": "module example.com/big\n"}
	for i := 0; i < n/2; i++ {
		pkg := i / 10
		r[fmt.Sprintf("pkg/p%d/f%d.go", pkg, i)] = string(genGoFile(pkg, []int{pkg / 2, (pkg + 7) % (n / 20)}))
		r[fmt.Sprintf("web/src/m%d/c%d.ts", i/10, i)] = fmt.Sprintf(
			"import { c%d } from '../m%d/c%d';\nimport { c%d } from '../m%d/c%d';\n\nexport const c%d = (x: number) => x + 1;\n\nexport class K%d { run() { return c%d(1); } }\n",
			i/3, i/30, i/3, (i*7)%(n/2), (i*7)%(n/2)/10, (i*7)%(n/2), i, i, i/3)
	}
	return r
}

func genGoFile(pkg int, imports []int) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "package p%d\n\nimport (\n", pkg)
	for _, im := range imports {
		if im != pkg {
			fmt.Fprintf(&b, "\t\"example.com/big/pkg/p%d\"\n", im)
		}
	}
	b.WriteString(")\n\n// F does a little.\nfunc F(a, b int) int {\n\tif a > b {\n\t\treturn a\n\t}\n\treturn b\n}\n\ntype T struct{ A, B int }\n\nfunc (t *T) Sum() int { return t.A + t.B }\n")
	return []byte(b.String())
}

func benchmarkImporters(b *testing.B, n int, warm bool) {
	m := genRepo(n)
	var repo *Repo
	if warm {
		// The parses cached by blob id answer without reading the files.
		files := make([]string, 0, len(m))
		for f := range m {
			files = append(files, f)
		}
		repo = NewRepo(files, newBlobRepo(m), NewParser(Options{Cache: NewLRU(2 * n)}))
	}
	targets := []string{"pkg/p3/f30.go", "web/src/m0/c3.ts"}
	check := func(r *Repo) {
		for _, target := range targets {
			got, _, err := r.Importers(context.Background(), target)
			if err != nil || len(got) == 0 {
				b.Fatalf("importers of %s: %d, %v", target, len(got), err)
			}
		}
	}
	if warm {
		for f := range m { // every parse cached, as an archive would keep them
			if _, err := repo.parser.Parse(context.Background(), f, []byte(m[f])); err != nil {
				b.Fatal(err)
			}
		}
	}
	start := cputime.Used()
	defer func() {
		if cpu := cputime.Used() - start; cpu > 0 {
			b.ReportMetric(float64(cpu.Milliseconds())/float64(b.N), "cpu-ms/op")
		}
	}()
	for b.Loop() {
		if !warm {
			repo = m.repo() // a fresh parser and cache
		}
		check(repo)
	}
}

func BenchmarkImporters2000Cold(b *testing.B)  { benchmarkImporters(b, 2000, false) }
func BenchmarkImporters2000Warm(b *testing.B)  { benchmarkImporters(b, 2000, true) }
func BenchmarkImporters50000Warm(b *testing.B) { benchmarkImporters(b, 50000, true) }

// BenchmarkImporters50000FileCache is BenchmarkImporters50000Warm in a new
// process each time: the parses of every file are loaded from a cache
// file (FileCache) written once, then the importers of a Go and of a
// TypeScript file are found from them, blob ids given.
func BenchmarkImporters50000FileCache(b *testing.B) {
	const n = 50000
	m := genRepo(n)
	files := make([]string, 0, len(m))
	for f := range m {
		files = append(files, f)
	}
	path := filepath.Join(b.TempDir(), "symbols.cache")
	fill := NewFileCache(path, 2*n)
	p := NewParser(Options{Cache: fill})
	for f := range m {
		if _, err := p.Parse(context.Background(), f, []byte(m[f])); err != nil {
			b.Fatal(err)
		}
	}
	if err := fill.Save(); err != nil {
		b.Fatal(err)
	}
	fi, err := os.Stat(path)
	if err != nil {
		b.Fatal(err)
	}
	fill, p = nil, nil
	runtime.GC() // the setup's garbage is not the searches' work
	start := cputime.Used()
	defer func() {
		if cpu := cputime.Used() - start; cpu > 0 {
			b.ReportMetric(float64(cpu.Milliseconds())/float64(b.N), "cpu-ms/op")
		}
	}()
	for b.Loop() {
		parser := NewParser(Options{Cache: NewFileCache(path, 2*n)})
		repo := NewRepo(files, newBlobRepo(m), parser)
		for _, target := range []string{"pkg/p3/f30.go", "web/src/m0/c3.ts"} {
			got, _, err := repo.Importers(context.Background(), target)
			if err != nil || len(got) == 0 {
				b.Fatalf("importers of %s: %d, %v", target, len(got), err)
			}
		}
		if st := parser.Stats(); st.Parsed != 0 {
			b.Fatalf("%d files parsed, want all from the cache file", st.Parsed)
		}
	}
	b.ReportMetric(float64(fi.Size())/(1<<20), "cache-MB")
}

// BenchmarkParseRepo parses every file of a repository of 2,000 files of
// about 6 KB, half Go and half TypeScript, as a cold importer search
// does: Importers of a Go and of a TypeScript file, on its GOMAXPROCS
// workers, with ParseSpare large enough to parse the files that do not
// name the targets too. It reports the bytes parsed per second of wall
// time (MB/s) and of CPU time (cpuMB/s).
func BenchmarkParseRepo(b *testing.B) {
	m := genRepo(2000)
	goBody := string(genGo(6 << 10))
	goBody = goBody[strings.Index(goBody, "// Item"):]
	tsBody := string(genTS(6 << 10))
	tsBody = tsBody[strings.Index(tsBody, "export "):]
	for f, c := range m {
		switch {
		case strings.HasSuffix(f, ".go"):
			m[f] = c + "\n// " + f + "\n" + goBody // the files of a package differ
		case strings.HasSuffix(f, ".ts"):
			m[f] = c + "\n" + tsBody
		}
	}
	var parsed int64
	start := cputime.Used()
	wall := time.Now()
	for b.Loop() {
		repo := m.repo() // a fresh parser and cache
		repo.ParseSpare(1 << 40)
		for _, target := range []string{"pkg/p3/f30.go", "web/src/m0/c3.ts"} {
			if got, _, err := repo.Importers(context.Background(), target); err != nil || len(got) == 0 {
				b.Fatalf("importers of %s: %d, %v", target, len(got), err)
			}
		}
		st := repo.parser.Stats()
		if st.Parsed < 1990 {
			b.Fatalf("%d files parsed, want all", st.Parsed)
		}
		parsed += st.Bytes
	}
	b.ReportMetric(float64(parsed)/1e6/time.Since(wall).Seconds(), "MB/s")
	cputime.ReportMBPerSec(b, start, float64(parsed))
}
