package recall

import (
	"strings"
	"testing"
)

func TestParseLocation(t *testing.T) {
	t.Parallel()
	cases := []struct {
		in      string
		want    FileLocation
		wantErr string
	}{
		{in: "file.go", want: FileLocation{Path: "file.go"}},
		{in: "file.go:42", want: FileLocation{Path: "file.go", Start: 42, End: 42}},
		{in: "dir/file.go:3-9", want: FileLocation{Path: "dir/file.go", Start: 3, End: 9}},
		{in: "dir/file.go:7-7", want: FileLocation{Path: "dir/file.go", Start: 7, End: 7}},
		{in: "/abs/path/x.py:1", want: FileLocation{Path: "/abs/path/x.py", Start: 1, End: 1}},
		{in: "odd:dir/file.go", want: FileLocation{Path: "odd:dir/file.go"}},
		{in: "odd:dir/file.go:12", want: FileLocation{Path: "odd:dir/file.go", Start: 12, End: 12}},
		{in: "a:b.go", want: FileLocation{Path: "a", Symbol: "b.go"}},
		{in: " file.go:42 ", want: FileLocation{Path: "file.go", Start: 42, End: 42}},
		{in: "file.go:10:5", want: FileLocation{Path: "file.go", Start: 10, End: 10}},
		{in: "file.go:10:5:", want: FileLocation{Path: "file.go", Start: 10, End: 10}},
		{in: "file.go:10:", want: FileLocation{Path: "file.go", Start: 10, End: 10}},
		{in: "odd:dir/file.go:10:5", want: FileLocation{Path: "odd:dir/file.go", Start: 10, End: 10}},
		{in: "file.go#L79", want: FileLocation{Path: "file.go", Start: 79, End: 79}},
		{in: "dir/file.go#L79-L90", want: FileLocation{Path: "dir/file.go", Start: 79, End: 90}},
		{in: "file.go#L79-90", want: FileLocation{Path: "file.go", Start: 79, End: 90}},
		{in: "file.go:FuncName", want: FileLocation{Path: "file.go", Symbol: "FuncName"}},
		{in: "dir/file.go:Server.Handle", want: FileLocation{Path: "dir/file.go", Symbol: "Server.Handle"}},
		{in: "file.go:(*Server).Handle", want: FileLocation{Path: "file.go", Symbol: "(*Server).Handle"}},
		{in: "lib.rs:Widget::render", want: FileLocation{Path: "lib.rs", Symbol: "Widget::render"}},
		{in: "file.go#L", want: FileLocation{Path: "file.go#L"}},
		{in: "file.go#L90-L79", wantErr: "before it starts"},
		{in: "#L3", wantErr: "no file before #L"},
		{in: "", wantErr: "no file given"},
		{in: "  ", wantErr: "no file given"},
		{in: "file.go:", wantErr: "no line after the colon"},
		{in: ":12", wantErr: "no file before the colon"},
		{in: "file.go:a-b", wantErr: "bad line number"},
		{in: "file.go:0", wantErr: "start at 1"},
		{in: "file.go:-3", wantErr: "missing line number"},
		{in: "file.go:3-", wantErr: "missing line number"},
		{in: "file.go:9-3", wantErr: "before it starts"},
		{in: "file.go:1-2-3", wantErr: "bad line number"},
		{in: "file.go:+4", wantErr: "bad line number"},
		{in: "file.go:99999999999999999999", wantErr: "bad line number"},
	}
	for _, c := range cases {
		got, err := ParseFileLocation(c.in)
		switch {
		case c.wantErr != "":
			if err == nil || !strings.Contains(err.Error(), c.wantErr) {
				t.Errorf("ParseFileLocation(%q) = %+v, %v; want error %q", c.in, got, err, c.wantErr)
			}
		case err != nil:
			t.Errorf("ParseFileLocation(%q): %v", c.in, err)
		case got != c.want:
			t.Errorf("ParseFileLocation(%q) = %+v, want %+v", c.in, got, c.want)
		}
	}
}
