package importpolicy

import (
	"encoding/json"
	"io"
	"os/exec"
	"strings"
	"testing"
)

type pkg struct {
	ImportPath string
	Imports    []string
	Deps       []string
	Standard   bool
}

const module = "hansard"

// rule says that packages matching from must not import packages whose path
// has one of the forbidden prefixes. Paths are relative to the module.
type rule struct {
	from      func(p string) bool
	forbidden []string
	why       string
}

func prefix(s string) func(string) bool {
	return func(p string) bool { return p == s || strings.HasPrefix(p, s+"/") }
}

func not(excluded ...string) func(string) bool {
	return func(p string) bool {
		for _, e := range excluded {
			if p == e || strings.HasPrefix(p, e+"/") {
				return false
			}
		}
		return true
	}
}

var rules = []rule{
	{prefix("transcripts"), []string{module + "/archive", module + "/provenance", module + "/recall", module + "/cmd", module + "/redact", module + "/config"}, "transcripts is the model: it imports nothing of hansard above it"},
	{prefix("provenance"), []string{module + "/recall", module + "/cmd"}, "provenance never imports recall or the CLI"},
	{not("archive"), []string{"modernc.org/sqlite", "database/sql"}, "SQL lives only in archive"},
	{not("provenance/gitrepo", "fixtures"), []string{"github.com/go-git/", "os/exec"}, "git is reached only through provenance/gitrepo"},
	{not("cmd"), []string{"github.com/spf13/cobra"}, "cobra only in cmd/hansard"},
	{not("recall/mcp", "cmd"), []string{"github.com/mark3labs/mcp-go"}, "MCP types only in recall/mcp"},
	// fixtures and provenance/accuracy (the ground-truth harness) are test
	// support: only tests and each other import them.
	{not("fixtures", "provenance/accuracy"), []string{module + "/fixtures", module + "/provenance/accuracy"}, "test support is imported only by tests"},
}

func TestImportPolicy(t *testing.T) {
	out, err := exec.Command("go", "list", "-json", "hansard/...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	dec := json.NewDecoder(strings.NewReader(string(out)))
	var pkgs []pkg
	for {
		var p pkg
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		pkgs = append(pkgs, p)
	}
	if len(pkgs) < 2 {
		t.Fatalf("go list found %d packages", len(pkgs))
	}
	for _, p := range pkgs {
		rel := strings.TrimPrefix(strings.TrimPrefix(p.ImportPath, module), "/")
		for _, r := range rules {
			if !r.from(rel) {
				continue
			}
			for _, imp := range p.Imports {
				for _, f := range r.forbidden {
					if imp == f || strings.HasPrefix(imp, f) && (strings.HasSuffix(f, "/") || strings.HasPrefix(imp, f+"/")) {
						t.Errorf("%s imports %s: %s", p.ImportPath, imp, r.why)
					}
				}
			}
		}
		// Providers never import one another.
		if strings.HasPrefix(rel, "transcripts/") {
			own := strings.SplitN(strings.TrimPrefix(rel, "transcripts/"), "/", 2)[0]
			for _, imp := range p.Imports {
				other, ok := strings.CutPrefix(imp, module+"/transcripts/")
				if ok && strings.SplitN(other, "/", 2)[0] != own && !strings.HasPrefix(other, "providertest") {
					t.Errorf("%s imports another provider %s", p.ImportPath, imp)
				}
			}
		}
		// transcripts itself is standard library only.
		if rel == "transcripts" {
			for _, imp := range p.Imports {
				if !strings.Contains(strings.SplitN(imp, "/", 2)[0], ".") {
					continue
				}
				t.Errorf("transcripts imports non-standard %s", imp)
			}
		}
	}
}
