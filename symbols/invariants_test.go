//go:build cgo

package symbols

import (
	"context"
	"strings"
	"testing"
)

// sources are the files of the language tests, by name.
var sources = map[string]string{
	"server.go": goServer, "main.py": pyCLI, "store.ts": tsWidget, "Card.tsx": tsxCard,
	"money.ts": tsOverloads, "app.js": jsServer, "widget.rs": rsWidget, "OrderBook.java": javaOrders,
	"widget.cc": cppWidget, "list.c": cList, "widget.rb": rbWidget,
}

// checkInvariants fails when f's symbols break what Symbol promises:
// 1-based lines in order, the name and doc lines where they belong, a
// parent before its children and around them.
func checkInvariants(t *testing.T, name string, content []byte, f *File) {
	t.Helper()
	lines := strings.Count(string(content), "\n") + 1
	prevStart := 0
	for i, s := range f.Symbols {
		where := name + " " + s.Qualified
		if s.StartLine < 1 || s.EndLine < s.StartLine || s.EndLine > lines {
			t.Errorf("%s: lines %d-%d of %d", where, s.StartLine, s.EndLine, lines)
		}
		if s.NameLine < s.StartLine || s.NameLine > s.EndLine || s.DocLine < 1 || s.DocLine > s.StartLine {
			t.Errorf("%s: name line %d, doc line %d, lines %d-%d", where, s.NameLine, s.DocLine, s.StartLine, s.EndLine)
		}
		if s.StartLine < prevStart {
			t.Errorf("%s: starts at %d, before the symbol ahead of it (%d)", where, s.StartLine, prevStart)
		}
		prevStart = s.StartLine
		if s.Parent >= i || s.Parent < -1 {
			t.Errorf("%s: parent %d at index %d", where, s.Parent, i)
		} else if s.Parent >= 0 {
			p := f.Symbols[s.Parent]
			if s.StartLine < p.StartLine || s.EndLine > p.EndLine {
				t.Errorf("%s: lines %d-%d outside its parent %s (%d-%d)", where, s.StartLine, s.EndLine, p.Qualified, p.StartLine, p.EndLine)
			}
		}
		if s.Name == "" || s.Qualified == "" || s.Kind == "" {
			t.Errorf("%s: name %q, qualified %q, kind %q", where, s.Name, s.Qualified, s.Kind)
		}
	}
	for _, im := range f.Imports {
		if im.Path == "" || im.Line < 1 || im.Line > lines {
			t.Errorf("%s: import %q at line %d of %d", name, im.Path, im.Line, lines)
		}
	}
}

func TestSymbolInvariants(t *testing.T) {
	for name, src := range sources {
		checkInvariants(t, name, []byte(src), parseText(t, name, src))
	}
}

// FuzzParse checks that no content fails a parse or breaks the invariants.
func FuzzParse(f *testing.F) {
	for name, src := range sources {
		f.Add(name, src)
	}
	p := NewParser(Options{Cache: NewLRU(16)})
	f.Fuzz(func(t *testing.T, name, src string) {
		file, err := p.Parse(context.Background(), name, []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		checkInvariants(t, name, []byte(src), file)
	})
}
