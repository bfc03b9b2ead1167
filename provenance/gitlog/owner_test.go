package gitlog

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// logWrites are the archive's methods that write the stored git log.
var logWrites = map[string]bool{
	"GitLogWriter": true, "AppendGitLog": true, "ClaimGitLog": true,
	"ReleaseGitLog": true, "StoreGitFollowStep": true,
}

// TestOneWriter checks that no package but this one (and the archive,
// which defines them) calls the archive's writes of the stored git log:
// Log.Sync is the one way to write it.
func TestOneWriter(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("module root not found: %v", err)
	}
	allowed := []string{filepath.Join(root, "archive"), filepath.Join(root, "provenance", "gitlog")}
	fset := token.NewFileSet()
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			for _, a := range allowed {
				if path == a {
					return filepath.SkipDir
				}
			}
			if name := d.Name(); path != root && (strings.HasPrefix(name, ".") || name == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok && logWrites[sel.Sel.Name] {
				t.Errorf("%s calls %s: only provenance/gitlog writes the stored git log (Log.Sync)", fset.Position(sel.Pos()), sel.Sel.Name)
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}
