//go:build cgo

package symbols

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// parseText parses src as the file name and fails on a skip.
func parseText(t *testing.T, name, src string) *File {
	t.Helper()
	f, err := NewParser(Options{}).Parse(context.Background(), name, []byte(src))
	if err != nil {
		t.Fatalf("parse %s: %v", name, err)
	}
	if f.Skipped != "" {
		t.Fatalf("parse %s: skipped: %s (error share %.2f)", name, f.Skipped, f.ErrorShare)
	}
	return f
}

// describe writes one symbol per line: kind, qualified name, lines
// (doc line first when it differs), the name's line, the receiver, the
// parent's qualified name.
func describe(f *File) []string {
	var out []string
	for _, s := range f.Symbols {
		lines := fmt.Sprintf("%d-%d", s.StartLine, s.EndLine)
		if s.DocLine != s.StartLine {
			lines = fmt.Sprintf("(%d)%s", s.DocLine, lines)
		}
		line := fmt.Sprintf("%s %s %s @%d", s.Kind, s.Qualified, lines, s.NameLine)
		if s.Receiver != "" {
			line += " recv=" + s.Receiver
		}
		if s.Parent >= 0 {
			line += " in=" + f.Symbols[s.Parent].Qualified
		}
		out = append(out, line)
	}
	return out
}

func describeImports(f *File) []string {
	var out []string
	for _, im := range f.Imports {
		line := fmt.Sprintf("%d %s", im.Line, im.Path)
		if len(im.Names) > 0 {
			line += " [" + strings.Join(im.Names, " ") + "]"
		}
		out = append(out, line)
	}
	return out
}

// checkLines fails with both lists when got differs from want.
func checkLines(t *testing.T, what string, got, want []string) {
	t.Helper()
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("%s:\ngot:\n\t%s\nwant:\n\t%s", what, strings.Join(got, "\n\t"), strings.Join(want, "\n\t"))
	}
}
