//go:build cgo

package symbols

import (
	"fmt"
	"strings"
	"testing"
)

func goFile(pkg string, imports ...string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "package %s\n\nimport (\n", pkg)
	for _, im := range imports {
		fmt.Fprintf(&b, "\t%q\n", im)
	}
	b.WriteString(")\n\nfunc F() {}\n")
	return b.String()
}

func TestGoImporters(t *testing.T) {
	r := memRepo{
		"go.mod":                    "module example.com/shop // the shop\n\ngo 1.22\n",
		"cmd/shop/main.go":          goFile("main", "fmt", "example.com/shop/store", "example.com/shop/tools/lint"),
		"store/store.go":            goFile("store", "example.com/shop/store/internal/sql"),
		"store/cache.go":            goFile("store"),
		"store/store_test.go":       goFile("store_test", "testing", "example.com/shop/store"),
		"store/internal/sql/sql.go": goFile("sql"),
		"web/web.go":                goFile("web", "example.com/shop/store", `example.com/shop/storefront`),
		"tools/go.mod":              "module example.com/shop/tools\n",
		"tools/lint/lint.go":        goFile("lint", "example.com/shop/store"),
		"tools/lint/rules/rules.go": goFile("rules", "example.com/shop/tools/lint"),
		"vendored/go.mod":           "module other.org/vend\n",
		"vendored/store/store.go":   goFile("store"),
		"vendored/use/use.go":       goFile("use", "other.org/vend/store"),
		"storefront/storefront.go":  goFile("storefront"),
		"docs/notes.md":             "example.com/shop/store",
	}.repo()
	checkImporters(t, r, map[string][]string{
		// Every file of the package has the package's importers.
		"store/cache.go": {
			"cmd/shop/main.go:5 example.com/shop/store",
			"store/store_test.go:5 example.com/shop/store",
			"tools/lint/lint.go:4 example.com/shop/store",
			"web/web.go:4 example.com/shop/store",
		},
		"store/internal/sql/sql.go": {"store/store.go:4 example.com/shop/store/internal/sql"},
		// A nested module is its own: its path is its go.mod's.
		"tools/lint/lint.go":       {"cmd/shop/main.go:6 example.com/shop/tools/lint", "tools/lint/rules/rules.go:4 example.com/shop/tools/lint"},
		"vendored/store/store.go":  {"vendored/use/use.go:4 other.org/vend/store"},
		"storefront/storefront.go": {"web/web.go:5 example.com/shop/storefront"},
		"store/store_test.go":      nil,
		"cmd/shop/main.go":         nil,
	})
}
