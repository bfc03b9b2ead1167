package symbols

import (
	"errors"
	"testing"
)

// findSymbols is a file's symbols as parsing gives them, written out so the
// test needs no cgo.
var findSymbols = []Symbol{
	{Name: "Server", Qualified: "Server", Kind: KindStruct, StartLine: 1, EndLine: 5, Parent: -1},
	{Name: "Handle", Qualified: "Server.Handle", Kind: KindMethod, Receiver: "*Server", StartLine: 7, EndLine: 20, Parent: -1},
	{Name: "Handle", Qualified: "Client.Handle", Kind: KindMethod, Receiver: "Client", StartLine: 22, EndLine: 25, Parent: -1},
	{Name: "Push", Qualified: "Stack.Push", Kind: KindMethod, Receiver: "*Stack", StartLine: 27, EndLine: 29, Parent: -1},
	{Name: "Widget", Qualified: "Widget", Kind: KindClass, StartLine: 31, EndLine: 60, Parent: -1},
	{Name: "render", Qualified: "Widget.render", Kind: KindMethod, StartLine: 33, EndLine: 40, Parent: 4},
	{Name: "inner", Qualified: "Widget.render.inner", Kind: KindFunction, StartLine: 35, EndLine: 37, Parent: 5},
	{Name: "add", Qualified: "Widget.add", Kind: KindMethod, StartLine: 42, EndLine: 44, Parent: 4},
	{Name: "add", Qualified: "Widget.add", Kind: KindMethod, StartLine: 46, EndLine: 48, Parent: 4},
	{Name: "parse_args", Qualified: "parse_args", Kind: KindFunction, StartLine: 62, EndLine: 70, Parent: -1},
	{Name: "fmt", Qualified: "Point::fmt", Kind: KindMethod, StartLine: 72, EndLine: 74, Parent: -1},
	{Name: "ServerHandle", Qualified: "ServerHandle", Kind: KindFunction, StartLine: 76, EndLine: 78, Parent: -1},
}

func TestFind(t *testing.T) {
	for _, tc := range []struct {
		name      string
		want      string // the qualified name found
		ambiguous int    // candidates when ambiguous
		notFound  bool
	}{
		{name: "Server.Handle", want: "Server.Handle"},
		{name: "(*Server).Handle", want: "Server.Handle"},
		{name: "(Server).Handle", want: "Server.Handle"},
		{name: "Server::Handle", want: "Server.Handle"},
		{name: "  Server.Handle() ", want: "Server.Handle"},
		{name: "Handle", ambiguous: 2},
		{name: "(*Stack[T]).Push", want: "Stack.Push"},
		{name: "Push", want: "Stack.Push"},
		{name: "Widget.render", want: "Widget.render"},
		{name: "Widget#render", want: "Widget.render"},
		{name: "render", want: "Widget.render"},
		{name: "render.inner", want: "Widget.render.inner"},
		{name: "Widget", want: "Widget"},
		{name: "add", ambiguous: 2},
		{name: "parse_args", want: "parse_args"},
		{name: "Point.fmt", want: "Point::fmt"},
		{name: "Point::fmt", want: "Point::fmt"},
		{name: "Point<T>::fmt", want: "Point::fmt"},
		{name: "server.handle", want: "Server.Handle"},
		{name: "Server", want: "Server"},
		{name: "Serve", notFound: true},
		{name: "Handler", notFound: true},
		{name: "", notFound: true},
	} {
		got, err := Find(findSymbols, tc.name)
		var amb *AmbiguousError
		switch {
		case tc.notFound:
			if !errors.Is(err, ErrNotFound) {
				t.Errorf("Find(%q) = %q, %v; want ErrNotFound", tc.name, got.Qualified, err)
			}
		case tc.ambiguous > 0:
			if !errors.As(err, &amb) || len(amb.Candidates) != tc.ambiguous {
				t.Errorf("Find(%q) = %q, %v; want ambiguous among %d", tc.name, got.Qualified, err, tc.ambiguous)
			}
		case err != nil || got.Qualified != tc.want:
			t.Errorf("Find(%q) = %q, %v; want %q", tc.name, got.Qualified, err, tc.want)
		}
	}
}

func TestAmbiguousErrorNamesCandidates(t *testing.T) {
	_, err := Find(findSymbols, "Handle")
	want := `symbol "Handle" is ambiguous: method Server.Handle (lines 7-20), method Client.Handle (lines 22-25)`
	if err == nil || err.Error() != want {
		t.Errorf("error %v, want %s", err, want)
	}
}

func TestAt(t *testing.T) {
	for _, tc := range []struct {
		line int
		want string
	}{
		{1, "Server"}, {6, ""}, {7, "Server.Handle"}, {20, "Server.Handle"},
		{32, "Widget"}, {34, "Widget.render"}, {36, "Widget.render.inner"}, {47, "Widget.add"},
		{61, ""}, {70, "parse_args"}, {100, ""},
	} {
		got, ok := At(findSymbols, tc.line)
		if got.Qualified != tc.want || ok != (tc.want != "") {
			t.Errorf("At(%d) = %q, %v; want %q", tc.line, got.Qualified, ok, tc.want)
		}
	}
}
