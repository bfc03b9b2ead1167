//go:build cgo

package symbols

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The declarations tsapi.h copies must be the pinned binding's: a type or
// a function declared otherwise than its api.h declares it (after an
// upgrade of the module, say) would compile and link, and then misread
// the trees. Each typedef and prototype of tsapi.h must stand in api.h as
// it is, but for spacing and comments; each tree_sitter_LANG function
// must be defined by a grammar package of the module.
func TestTSAPIMatchesBinding(t *testing.T) {
	t.Parallel()
	dir := bindingDir(t)
	api, err := os.ReadFile(filepath.Join(dir, "api.h"))
	if err != nil {
		t.Fatal(err)
	}
	own, err := os.ReadFile("tsapi.h")
	if err != nil {
		t.Fatal(err)
	}
	apiText := normalizeC(string(api))
	decls := cDecl.FindAllString(stripComments(string(own)), -1)
	if len(decls) < 40 {
		t.Fatalf("read %d declarations of tsapi.h, want them all", len(decls))
	}
	langs := 0
	for _, d := range decls {
		d = normalizeC(d)
		if lang, ok := strings.CutPrefix(d, "const TSLanguage *tree_sitter_"); ok {
			langs++
			name := strings.TrimSuffix(lang, "(void);")
			if !grammarDefines(t, dir, name) {
				t.Errorf("no grammar package of %s defines tree_sitter_%s", dir, name)
			}
			continue
		}
		if !strings.Contains(apiText, d) {
			t.Errorf("tsapi.h declares what api.h does not:\n%s", d)
		}
	}
	if langs != len(grammarFolders) {
		t.Errorf("tsapi.h declares %d grammars, want %d", langs, len(grammarFolders))
	}
}

// cDecl matches a typedef of a struct or enum and a function prototype.
var cDecl = regexp.MustCompile(`(?ms)typedef (?:struct|enum) \w+ \{.*?\} \w+;|^[A-Za-z][^;{#]*\([^;{]*\);`)

func stripComments(s string) string {
	return regexp.MustCompile(`(?s)/\*.*?\*/|//[^\n]*`).ReplaceAllString(s, "")
}

// normalizeC strips comments and spacing that does not change meaning.
func normalizeC(s string) string {
	s = strings.Join(strings.Fields(stripComments(s)), " ")
	return strings.NewReplacer("( ", "(", " )", ")", "{ ", "{", " }", "}").Replace(s)
}

// grammarFolders are the module's folders (grammars.go imports them) of
// the grammars whose language functions tsapi.h declares.
var grammarFolders = map[string]string{
	"c": "c", "cpp": "cpp", "go": "golang", "java": "java", "javascript": "javascript", "python": "python",
	"ruby": "ruby", "rust": "rust", "tsx": "typescript/tsx", "typescript": "typescript/typescript",
}

// grammarDefines reports whether the grammar's parser.c defines the
// language function tree_sitter_NAME, taking no arguments and returning a
// const TSLanguage pointer.
func grammarDefines(t *testing.T, dir, name string) bool {
	t.Helper()
	folder, ok := grammarFolders[name]
	if !ok {
		return false
	}
	b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(folder), "parser.c"))
	if err != nil {
		t.Fatal(err)
	}
	def := regexp.MustCompile(`^(TS_PUBLIC )?(extern )?const TSLanguage \*tree_sitter_` + name + `\((void)?\) \{`)
	marker := []byte("*tree_sitter_" + name + "(")
	for off := 0; ; {
		i := bytes.Index(b[off:], marker)
		if i < 0 {
			return false
		}
		i += off
		line := b[bytes.LastIndexByte(b[:i], '\n')+1:]
		if j := bytes.IndexByte(line, '\n'); j >= 0 {
			line = line[:j]
		}
		if def.Match(line) {
			return true
		}
		off = i + len(marker)
	}
}

// bindingDir is the module cache's folder of the tree-sitter binding at
// the version go.mod requires.
func bindingDir(t *testing.T) string {
	t.Helper()
	const mod = "github.com/smacker/go-tree-sitter"
	gomod, err := os.ReadFile(filepath.Join("..", "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^\s*` + regexp.QuoteMeta(mod) + ` (v\S+)`).FindSubmatch(gomod)
	if m == nil {
		t.Fatalf("go.mod requires no %s", mod)
	}
	cache := os.Getenv("GOMODCACHE")
	if cache == "" {
		gopath := os.Getenv("GOPATH")
		if gopath == "" {
			home, err := os.UserHomeDir()
			if err != nil {
				t.Fatal(err)
			}
			gopath = filepath.Join(home, "go")
		}
		cache = filepath.Join(filepath.SplitList(gopath)[0], "pkg", "mod")
	}
	dir := filepath.Join(cache, mod+"@"+string(m[1]))
	if _, err := os.Stat(filepath.Join(dir, "api.h")); err != nil {
		t.Fatalf("the binding's api.h: %v (set GOMODCACHE to the module cache)", err)
	}
	return dir
}
