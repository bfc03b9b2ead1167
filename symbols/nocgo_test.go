//go:build !cgo

package symbols

import (
	"context"
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
