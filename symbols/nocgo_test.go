//go:build !cgo

package symbols

import (
	"context"
	"errors"
	"testing"
)

func TestWithoutCgoEveryFileIsSkipped(t *testing.T) {
	if Available() {
		t.Fatal("Available in a build without cgo")
	}
	p := NewParser(Options{})
	f, err := p.Parse(context.Background(), "a.go", []byte("package a\n\nfunc A() {}\n"))
	if err != nil || f.Skipped != SkipNoCgo || len(f.Symbols) != 0 {
		t.Fatalf("skipped %q with %d symbols, %v; want %q", f.Skipped, len(f.Symbols), err, SkipNoCgo)
	}
	if got := p.Stats().Skipped[SkipNoCgo]; got != 1 {
		t.Errorf("counted %d skips, want 1", got)
	}
}

func TestWithoutCgoImportersSaySo(t *testing.T) {
	src := mapSource{"go.mod": "module m\n", "a/a.go": "package a\n", "b/b.go": "package b\n\nimport \"m/a\"\n"}
	r := NewRepo([]string{"go.mod", "a/a.go", "b/b.go"}, src, NewParser(Options{}))
	if _, _, err := r.Importers(context.Background(), "a/a.go"); !errors.Is(err, ErrNoCgo) {
		t.Errorf("error %v, want ErrNoCgo", err)
	}
}

type mapSource map[string]string

func (m mapSource) ReadFile(p string) ([]byte, error) { return []byte(m[p]), nil }
