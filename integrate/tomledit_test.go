package integrate

import (
	"reflect"
	"strings"
	"testing"
)

func TestScanTOML(t *testing.T) {
	text := `a = [
  [1, 2],
  ["[x]"],
]
s = '''
[not.a.table]
'''
b = """
\"""
[also.not]
"""
[ mcp_servers . "hansard" ]  # a comment
c = { d = "[e]" }
[[mcp_servers.'hansard'.list]]
[mcp_servers.x] junk
# [commented.out]

`
	var headers [][]string
	var kinds []lineKind
	for _, l := range scanTOML(text) {
		kinds = append(kinds, l.kind)
		if l.kind == headerLine {
			headers = append(headers, l.key)
		}
	}
	want := [][]string{{"mcp_servers", "hansard"}, {"mcp_servers", "hansard", "list"}}
	if !reflect.DeepEqual(headers, want) {
		t.Errorf("headers %q, want %q", headers, want)
	}
	if kinds[len(kinds)-1] != blankLine || kinds[len(kinds)-2] != commentLine {
		t.Errorf("kinds %v", kinds)
	}
}

// TestSetTOMLTable checks where the table goes and that removal gives
// the original bytes back.
func TestSetTOMLTable(t *testing.T) {
	table := tomlTable("codex", ServerName, "/bin/hansard", []string{"mcp", "serve"})
	for _, tc := range []struct{ name, in, want string }{
		{"empty", "", table},
		{"keys only", "model = \"o3\"\n\n\n", "model = \"o3\"\n\n" + table + "\n\n"},
		{"no line break at the end", "model = \"o3\"", "model = \"o3\"\n\n" + table},
		{"other tables", "[tui]\nx = 1\n\n# the last\n[z]\ny = 2\n", "[tui]\nx = 1\n\n# the last\n[z]\ny = 2\n\n" + table},
		{"after servers", "[mcp_servers.a]\ncommand = \"a\"\n\n# next\n[z]\n", "[mcp_servers.a]\ncommand = \"a\"\n\n" + table + "\n# next\n[z]\n"},
		{"quoted name in place", "[x]\n[mcp_servers.\"hansard\"]\ncommand = \"old\"\n[y]\n", "[x]\n" + table + "[y]\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := setTOMLTable(tc.in, "codex", ServerName, table)
			if got != tc.want {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
			if again := setTOMLTable(got, "codex", ServerName, table); again != got {
				t.Errorf("second set changed it:\n%s", again)
			}
			back := removeTOMLTable(got, "codex", ServerName)
			want := tc.in
			switch tc.name {
			case "no line break at the end":
				want += "\n"
			case "quoted name in place":
				want = "[x]\n[y]\n"
			}
			if back != want {
				t.Errorf("removed:\n%q\nwant\n%q", back, want)
			}
		})
	}
}

func TestTOMLQuote(t *testing.T) {
	for in, want := range map[string]string{
		`/usr/bin/hansard`:    `"/usr/bin/hansard"`,
		`C:\hansard "x".exe`:  `"C:\\hansard \"x\".exe"`,
		"tab\there\x01é":      `"tab\there\u0001é"`,
		"line\nbreak\x7f end": `"line\nbreak\u007F end"`,
	} {
		if got := tomlQuote(in); got != want {
			t.Errorf("tomlQuote(%q) = %s, want %s", in, got, want)
		}
	}
}

func TestLineDiff(t *testing.T) {
	before := strings.Repeat("same\n", 10) + "old\n" + strings.Repeat("tail\n", 10)
	after := strings.Repeat("same\n", 10) + "new\n" + strings.Repeat("tail\n", 10)
	want := "--- f\n+++ f (new)\n@@ -8,7 +8,7 @@\n same\n same\n same\n-old\n+new\n tail\n tail\n tail\n"
	if got := lineDiff("f", before, after); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestLineDiffNewFile(t *testing.T) {
	if got := lineDiff("f", "", "a\n"); got != "--- f\n+++ f (new)\n@@ -0,0 +1,1 @@\n+a\n" {
		t.Errorf("got\n%s", got)
	}
}

// TestEditConfigTOMLValues edits a file whose values do not compare equal
// to themselves once decoded twice (times with zones, nan).
func TestEditConfigTOMLValues(t *testing.T) {
	a, _ := Lookup("codex")
	in := []byte("when = 1979-05-27T07:32:00-08:00\nlocal = 1979-05-27T07:32:00\nday = 1979-05-27\nn = nan\n[x]\ny = 1\n")
	out, err := a.editConfig(in, a.entries("/bin/hansard", false))
	if err != nil {
		t.Fatal(err)
	}
	if back, err := a.editConfig(out, nil); err != nil || string(back) != string(in) {
		t.Errorf("removed: %q, %v", back, err)
	}
}
