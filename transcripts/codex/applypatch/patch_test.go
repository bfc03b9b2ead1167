package applypatch

import (
	"errors"
	"reflect"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	tests := []struct {
		name  string
		patch string
		want  []FileOp // Text is not compared
	}{
		{
			name: "update with bare and anchored chunks (the Codex 0.77 sample)",
			patch: "*** Begin Patch\n*** Update File: /r/example.py\n@@\n def greet(name: str) -> str:\n" +
				"@@\n-    return x\n+    # why\n+    return x\n@@ if __name__ == \"__main__\":\n+    # demo\n     print(1)\n*** End Patch",
			want: []FileOp{{Op: OpUpdate, Path: "/r/example.py", Chunks: []Chunk{
				{Lines: []string{" def greet(name: str) -> str:"}},
				{Lines: []string{"-    return x", "+    # why", "+    return x"}},
				{Anchors: []string{`if __name__ == "__main__":`}, Lines: []string{"+    # demo", "     print(1)"}},
			}}},
		},
		{
			name:  "add file",
			patch: "*** Begin Patch\n*** Add File: hello.txt\n+Hello\n+\n+world\n*** End Patch\n",
			want:  []FileOp{{Op: OpAdd, Path: "hello.txt", Content: "Hello\n\nworld\n"}},
		},
		{
			name:  "delete file",
			patch: "*** Begin Patch\n*** Delete File: old.txt\n*** End Patch\n",
			want:  []FileOp{{Op: OpDelete, Path: "old.txt"}},
		},
		{
			name:  "move with a change",
			patch: "*** Begin Patch\n*** Update File: a/old.go\n*** Move to: b/new.go\n@@\n-package a\n+package b\n*** End Patch\n",
			want: []FileOp{{Op: OpMove, Path: "a/old.go", MoveTo: "b/new.go", Chunks: []Chunk{
				{Lines: []string{"-package a", "+package b"}},
			}}},
		},
		{
			name:  "pure move without hunks",
			patch: "*** Begin Patch\n*** Update File: a.txt\n*** Move to: b.txt\n*** End Patch\n",
			want:  []FileOp{{Op: OpMove, Path: "a.txt", MoveTo: "b.txt"}},
		},
		{
			name:  "pure addition chunk (scenario 016)",
			patch: "*** Begin Patch\n*** Update File: input.txt\n@@\n+added line 1\n+added line 2\n*** End Patch\n",
			want: []FileOp{{Op: OpUpdate, Path: "input.txt", Chunks: []Chunk{
				{Lines: []string{"+added line 1", "+added line 2"}},
			}}},
		},
		{
			name:  "end of file marker (scenario 022)",
			patch: "*** Begin Patch\n*** Update File: input.txt\n@@\n line2\n-line3\n+line3 changed\n*** End of File\n*** End Patch\n",
			want: []FileOp{{Op: OpUpdate, Path: "input.txt", Chunks: []Chunk{
				{Lines: []string{" line2", "-line3", "+line3 changed"}, EndOfFile: true},
			}}},
		},
		{
			name:  "whitespace-padded markers (scenarios 017, 018, 020)",
			patch: "  *** Begin Patch  \n   *** Update File:   file.txt  \n  @@  \n-one\n+uno\n  *** End Patch   \n",
			want: []FileOp{{Op: OpUpdate, Path: "file.txt", Chunks: []Chunk{
				{Lines: []string{"-one", "+uno"}},
			}}},
		},
		{
			name:  "stacked anchors",
			patch: "*** Begin Patch\n*** Update File: x.py\n@@ class Foo:\n@@     def bar(self):\n-        pass\n+        return 1\n*** End Patch",
			want: []FileOp{{Op: OpUpdate, Path: "x.py", Chunks: []Chunk{
				{Anchors: []string{"class Foo:", "def bar(self):"}, Lines: []string{"-        pass", "+        return 1"}},
			}}},
		},
		{
			name:  "first chunk without @@ and empty context line",
			patch: "*** Begin Patch\n*** Update File: f.go\n a\n\n-b\n+c\n*** End Patch",
			want: []FileOp{{Op: OpUpdate, Path: "f.go", Chunks: []Chunk{
				{Lines: []string{" a", " ", "-b", "+c"}},
			}}},
		},
		{
			name:  "heredoc wrapper and missing end marker",
			patch: "apply_patch <<'EOF'\n*** Begin Patch\n*** Add File: n.txt\n+x\nEOF\n",
			want:  []FileOp{{Op: OpAdd, Path: "n.txt", Content: "x\n"}},
		},
		{
			name:  "bare heredoc wrapper",
			patch: "<<\"EOF\"\n*** Begin Patch\n*** Delete File: n.txt\n*** End Patch\nEOF",
			want:  []FileOp{{Op: OpDelete, Path: "n.txt"}},
		},
		{
			name:  "missing begin marker",
			patch: "*** Add File: n.txt\n+x\n",
			want:  []FileOp{{Op: OpAdd, Path: "n.txt", Content: "x\n"}},
		},
		{
			name: "multi-file patch (scenario 015 shape)",
			patch: "*** Begin Patch\n*** Add File: created.txt\n+hello\n*** Update File: missing.txt\n@@\n-old\n+new\n" +
				"*** Delete File: gone.txt\n*** End Patch\n",
			want: []FileOp{
				{Op: OpAdd, Path: "created.txt", Content: "hello\n"},
				{Op: OpUpdate, Path: "missing.txt", Chunks: []Chunk{{Lines: []string{"-old", "+new"}}}},
				{Op: OpDelete, Path: "gone.txt"},
			},
		},
		{
			name:  "CRLF line ends",
			patch: "*** Begin Patch\r\n*** Update File: w.txt\r\n@@\r\n-a\r\n+b\r\n*** End Patch\r\n",
			want: []FileOp{{Op: OpUpdate, Path: "w.txt", Chunks: []Chunk{
				{Lines: []string{"-a", "+b"}},
			}}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := Parse(tt.patch)
			if err != nil {
				t.Fatalf("Parse: %v", err)
			}
			for i := range p.Files {
				if p.Files[i].Text == "" {
					t.Errorf("file %d: empty Text", i)
				}
				p.Files[i].Text = ""
			}
			if !reflect.DeepEqual(p.Files, tt.want) {
				t.Fatalf("got  %#v\nwant %#v", p.Files, tt.want)
			}
		})
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name     string
		patch    string
		line     int
		keepFile int // file ops parsed before the error
	}{
		{"empty", "", 1, 0},
		{"not a patch", "hello world", 1, 0},
		{"unknown header", "*** Begin Patch\n*** Frobnicate File: x\n*** End Patch", 2, 0},
		{"bad hunk line", "*** Begin Patch\n*** Add File: a\n+a\n*** Update File: b\n@@\nnope\n", 6, 1},
		{"update without hunks", "*** Begin Patch\n*** Update File: b\n*** End Patch", 3, 0},
		{"add line without plus", "*** Begin Patch\n*** Add File: a\nno plus\n", 3, 0},
		{"header without path", "*** Begin Patch\n*** Delete File:\n", 2, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := Parse(tt.patch)
			var pe *ParseError
			if !errors.As(err, &pe) {
				t.Fatalf("want *ParseError, got %v", err)
			}
			if pe.Line != tt.line {
				t.Errorf("line %d, want %d (%v)", pe.Line, tt.line, err)
			}
			if len(p.Files) != tt.keepFile {
				t.Errorf("kept %d files, want %d", len(p.Files), tt.keepFile)
			}
		})
	}
}

func TestFileOpText(t *testing.T) {
	patch := "*** Begin Patch\n*** Add File: a\n+1\n*** Update File: b\n@@\n-x\n+y\n*** End Patch\n"
	p, err := Parse(patch)
	if err != nil {
		t.Fatal(err)
	}
	if got := p.Files[1].Text; got != "*** Update File: b\n@@\n-x\n+y\n" {
		t.Fatalf("Text = %q", got)
	}
}

func TestHunks(t *testing.T) {
	p, err := Parse("*** Begin Patch\n*** Add File: a\n+1\n+2\n*** Update File: b\n@@ f\n x\n-y\n+z\n+w\n*** Delete File: c\n*** End Patch")
	if err != nil {
		t.Fatal(err)
	}
	add := p.Files[0].Hunks()
	if len(add) != 1 || add[0].NewStart != 1 || add[0].NewLines != 2 || strings.Join(add[0].Lines, "|") != "+1|+2" {
		t.Errorf("add hunks %+v", add)
	}
	up := p.Files[1].Hunks()
	if len(up) != 1 || up[0].OldLines != 2 || up[0].NewLines != 3 || up[0].OldStart != 0 {
		t.Errorf("update hunks %+v", up)
	}
	if p.Files[2].Hunks() != nil {
		t.Errorf("delete has hunks")
	}
}
