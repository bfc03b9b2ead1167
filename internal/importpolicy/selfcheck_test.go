package importpolicy

import (
	"strings"
	"testing"
)

// TestCheckCatchesViolations runs the check on made-up packages against the
// real policy, so that TestImportPolicy cannot pass by checking nothing.
func TestCheckCatchesViolations(t *testing.T) {
	pol, problems := newPolicy(groups, rows)
	if len(problems) > 0 {
		t.Fatalf("policy table: %v", problems)
	}
	std := map[string]bool{"fmt": true, "database/sql": true, "os/exec": true, "testing": true, "unsafe": true, "runtime/cgo": true, "flag": true}
	for _, tt := range []struct {
		name string
		pkg  listed
		want string // a part of the one violation; "" for none
	}{
		{"the model on the standard library", listed{ImportPath: "hansard/transcripts", Imports: []string{"fmt"}}, ""},
		{"a provider importing another",
			listed{ImportPath: "hansard/transcripts/claude", Imports: []string{"hansard/transcripts", "hansard/transcripts/codex"}},
			"hansard/transcripts/claude imports hansard/transcripts/codex, which its row does not allow: a provider imports only the model"},
		{"a dotless path that is not standard",
			listed{ImportPath: "hansard/transcripts", Imports: []string{"notstd/pkg"}},
			"hansard/transcripts imports notstd/pkg"},
		{"the model importing recall",
			listed{ImportPath: "hansard/transcripts", Imports: []string{"hansard/recall"}},
			"hansard/transcripts imports hansard/recall, which its row does not allow: transcripts is the model"},
		{"provenance importing the CLI",
			listed{ImportPath: "hansard/provenance", Imports: []string{"hansard/cmd/hansard"}},
			"provenance never imports recall, the CLI or MCP"},
		{"SQL in the archive", listed{ImportPath: "hansard/archive", Imports: []string{"database/sql", "modernc.org/sqlite"}}, ""},
		{"SQL outside the archive",
			listed{ImportPath: "hansard/recall", Imports: []string{"database/sql"}},
			"hansard/recall imports database/sql, which its row does not allow: SQL lives only in archive"},
		{"the SQL driver in a test outside the archive",
			listed{ImportPath: "hansard/provenance", TestImports: []string{"modernc.org/sqlite"}},
			"hansard/provenance's tests import modernc.org/sqlite, which its row does not allow: SQL lives only in archive"},
		{"go-git outside gitrepo",
			listed{ImportPath: "hansard/provenance", Imports: []string{"github.com/go-git/go-git/v5/plumbing"}},
			"git is reached only through provenance/gitrepo"},
		{"git subprocesses outside gitrepo",
			listed{ImportPath: "hansard/recall", Imports: []string{"os/exec"}},
			"hansard/recall imports os/exec, which its row does not allow: subprocesses (git) run only in provenance/gitrepo"},
		{"cobra outside the CLI",
			listed{ImportPath: "hansard/recall", Imports: []string{"github.com/spf13/cobra"}},
			"cobra only in cmd/hansard"},
		{"mcp-go in the adapter", listed{ImportPath: "hansard/recall/mcp", Imports: []string{"github.com/mark3labs/mcp-go/server"}}, ""},
		{"mcp-go in the CLI's code",
			listed{ImportPath: "hansard/cmd/hansard", Imports: []string{"github.com/mark3labs/mcp-go/mcp"}},
			"hansard/cmd/hansard imports github.com/mark3labs/mcp-go/mcp, which its row does not allow: MCP types only in recall/mcp"},
		{"mcp-go's client in the CLI's tests", listed{ImportPath: "hansard/cmd/hansard", TestImports: []string{"github.com/mark3labs/mcp-go/client", "github.com/mark3labs/mcp-go/client/transport"}}, ""},
		{"mcp-go's server in the CLI's tests",
			listed{ImportPath: "hansard/cmd/hansard", TestImports: []string{"github.com/mark3labs/mcp-go/server"}},
			"hansard/cmd/hansard's tests import github.com/mark3labs/mcp-go/server"},
		{"mcp-go's client in recall's tests",
			listed{ImportPath: "hansard/recall", XTestImports: []string{"github.com/mark3labs/mcp-go/client"}},
			"MCP types only in recall/mcp"},
		{"cgo in symbols", listed{ImportPath: "hansard/symbols", Imports: []string{"C", "unsafe"}, CgoFiles: []string{"parse.go"}}, ""},
		{"cgo outside symbols",
			listed{ImportPath: "hansard/recall", CgoFiles: []string{"fast.go"}},
			`hansard/recall imports "C" (cgo), which its row does not allow: cgo (tree-sitter) only in symbols`},
		{"runtime/cgo outside symbols",
			listed{ImportPath: "hansard/archive", Imports: []string{"runtime/cgo"}},
			"cgo (tree-sitter) only in symbols"},
		{"unsafe outside redact and symbols",
			listed{ImportPath: "hansard/archive", Imports: []string{"unsafe"}},
			"unsafe only in redact"},
		{"fixtures in tests", listed{ImportPath: "hansard/recall", TestImports: []string{"testing", "hansard/fixtures/gen", "hansard/provenance/gitrepo/gittest"}}, ""},
		{"fixtures in code",
			listed{ImportPath: "hansard/recall", Imports: []string{"hansard/fixtures/gen"}},
			"hansard/recall imports hansard/fixtures/gen, which its row does not allow: test support"},
		{"the accuracy harness in code",
			listed{ImportPath: "hansard/cmd/hansard", Imports: []string{"hansard/provenance/accuracy"}},
			"test support"},
		{"testing in code",
			listed{ImportPath: "hansard/recall", Imports: []string{"testing"}},
			"hansard/recall imports testing, which its row does not allow: test support"},
		{"flag outside commands",
			listed{ImportPath: "hansard/recall", Imports: []string{"flag"}},
			"flags and signal handling belong to commands"},
		{"an external test importing its package", listed{ImportPath: "hansard/provenance/storetest", XTestImports: []string{"hansard/provenance/storetest", "testing"}}, ""},
		{"a package the policy does not name",
			listed{ImportPath: "hansard/brandnew", Imports: []string{"fmt"}},
			"hansard/brandnew is not in the policy"},
		{"a package go list could not load",
			listed{ImportPath: "hansard/transcripts", Error: &struct{ Err string }{"no Go files"}},
			"hansard/transcripts: go list: no Go files"},
	} {
		got := pol.check([]listed{tt.pkg}, std)
		switch {
		case tt.want == "" && len(got) > 0:
			t.Errorf("%s: violations %q, want none", tt.name, got)
		case tt.want != "" && (len(got) != 1 || !strings.Contains(got[0], tt.want)):
			t.Errorf("%s: violations %q, want one containing %q", tt.name, got, tt.want)
		}
	}
}

// TestPolicyTableProblems checks that newPolicy finds the mistakes a table
// can make.
func TestPolicyTableProblems(t *testing.T) {
	_, problems := newPolicy([]group{{"SQL", "database/sql", ""}, {"SQL", "modernc.org/sqlite/...", ""}}, []row{
		{"hansard/a", "STD NETWORK hansard/b", "", ""},
		{"hansard/a", "STD", "hansard/c/...", ""},
	})
	want := []string{
		"hansard/a has two rows",
		"group SQL is defined twice",
		"row hansard/a names an unknown group NETWORK",
		"row hansard/a names hansard/b, which no row names",
		"row hansard/a names hansard/c/..., which no row names",
	}
	if strings.Join(problems, "\n") != strings.Join(want, "\n") {
		t.Errorf("problems:\n%s\nwant:\n%s", strings.Join(problems, "\n"), strings.Join(want, "\n"))
	}
}
