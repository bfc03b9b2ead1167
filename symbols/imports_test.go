//go:build cgo

package symbols

import (
	"context"
	"fmt"
	"io/fs"
	"sort"
	"strings"
	"sync"
	"testing"
)

// memRepo is a repository's files in memory.
type memRepo map[string]string

func (m memRepo) ReadFile(p string) ([]byte, error) {
	s, ok := m[p]
	if !ok {
		return nil, fs.ErrNotExist
	}
	return []byte(s), nil
}

func (m memRepo) repo() *Repo {
	var files []string
	for f := range m {
		files = append(files, f)
	}
	sort.Strings(files)
	return NewRepo(files, m, NewParser(Options{}))
}

// importers lists the importers of target as "path:line import".
func importers(t *testing.T, r *Repo, target string) []string {
	t.Helper()
	got, _, err := r.Importers(context.Background(), target)
	if err != nil {
		t.Fatalf("importers of %s: %v", target, err)
	}
	var out []string
	for _, im := range got {
		out = append(out, fmt.Sprintf("%s:%d %s", im.Path, im.Line, im.Import))
	}
	return out
}

func checkImporters(t *testing.T, r *Repo, want map[string][]string) {
	t.Helper()
	targets := make([]string, 0, len(want))
	for target := range want {
		targets = append(targets, target)
	}
	sort.Strings(targets)
	for _, target := range targets {
		checkLines(t, "importers of "+target, importers(t, r, target), want[target])
	}
}

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

func TestPythonImporters(t *testing.T) {
	r := memRepo{
		"app/__init__.py":        "from .config import settings\n",
		"app/config.py":          "settings = {}\n",
		"app/models/__init__.py": "from . import user\n",
		"app/models/user.py":     "from ..config import settings\nfrom .. import util\n",
		"app/models/order.py":    "from .user import User\nfrom app.models import user as u\n",
		"app/util.py":            "import os\n",
		"app/cli.py":             "import app.util\nfrom app.models.order import Order\n\ndef main():\n    from app import config\n",
		"src/pkg/__init__.py":    "",
		"src/pkg/core.py":        "def run(): pass\n",
		"src/pkg/helpers.py":     "from pkg.core import run\nfrom pkg import core\n",
		"scripts/run.py":         "import pkg.core\nfrom app.models import *\n",
		"other/app/util.py":      "",
		"other/app/tool.py":      "import app.util\n",
		"tests/test_user.py":     "from app.models.user import User\nimport config\n",
	}.repo()
	checkImporters(t, r, map[string][]string{
		// tests/test_user.py's `import config` is not guessed to be it.
		"app/config.py": {
			"app/__init__.py:1 .config",
			"app/cli.py:5 app",
			"app/models/user.py:1 ..config",
		},
		"app/models/user.py": {
			"app/models/__init__.py:1 .",
			"app/models/order.py:1 .user",
			"tests/test_user.py:1 app.models.user",
		},
		"app/models/__init__.py": {"scripts/run.py:2 app.models"},
		// other/app/tool.py's `import app.util` is its own tree's.
		"app/util.py":       {"app/cli.py:1 app.util", "app/models/user.py:2 .."},
		"other/app/util.py": {"other/app/tool.py:1 app.util"},
		"src/pkg/core.py":   {"scripts/run.py:1 pkg.core", "src/pkg/helpers.py:1 pkg.core"},
	})
}

func TestJavaScriptImporters(t *testing.T) {
	r := memRepo{
		"tsconfig.base.json": `{
  // shared by the apps
  "compilerOptions": {
    "baseUrl": ".",
    "paths": {
      "@shared/*": ["packages/shared/src/*"],
      "@config": ["packages/shared/src/config/index.ts"],
    },
  },
}`,
		"apps/web/tsconfig.json": `{
  "extends": "../../tsconfig.base.json",
  "compilerOptions": {
    "baseUrl": ".",
    "paths": {"@/*": ["./src/*"], "@shared/*": ["../../packages/shared/src/*"]}
  }
}`,
		"apps/web/src/components/Button.tsx":  "export const Button = () => <button/>;\n",
		"apps/web/src/components/index.ts":    "export { Button } from './Button';\n",
		"apps/web/src/pages/Home.tsx":         "import { Button } from '@/components/Button';\nimport { api } from '@shared/api';\nimport * as c from '../components';\n",
		"apps/web/src/pages/About.tsx":        "import { Button } from \"../components/Button.js\";\nimport { settings } from '@config';\n",
		"apps/web/src/pages/lazy.ts":          "export const load = () => import('./Home');\n",
		"apps/admin/tsconfig.json":            `{"extends": "../../tsconfig.base.json"}`,
		"apps/admin/main.ts":                  "import { api } from '@shared/api';\nimport { Button } from 'packages/shared/src/ui/Button';\nimport { settings } from '@config';\n",
		"packages/shared/src/api.ts":          "export const api = {};\n",
		"packages/shared/src/config/index.ts": "export const settings = {};\n",
		"packages/shared/src/ui/Button.ts":    "export class Button {}\n",
		"packages/shared/src/config/load.js":  "const cfg = require('.');\nmodule.exports = cfg;\n",
		"server/index.js":                     "const { api } = require('../packages/shared/src/api');\nconst express = require('express');\n",
		"server/routes.mjs":                   "export * from './index.js';\n",
	}.repo()
	checkImporters(t, r, map[string][]string{
		"apps/web/src/components/Button.tsx": {
			"apps/web/src/components/index.ts:1 ./Button",
			"apps/web/src/pages/About.tsx:1 ../components/Button.js",
			"apps/web/src/pages/Home.tsx:1 @/components/Button",
		},
		"apps/web/src/components/index.ts": {"apps/web/src/pages/Home.tsx:3 ../components"},
		"packages/shared/src/api.ts": {
			"apps/admin/main.ts:1 @shared/api",
			"apps/web/src/pages/Home.tsx:2 @shared/api",
			"server/index.js:1 ../packages/shared/src/api",
		},
		// apps/web's own paths replace the ones it extends: no @config there.
		"packages/shared/src/config/index.ts": {
			"apps/admin/main.ts:3 @config",
			"packages/shared/src/config/load.js:1 .",
		},
		"packages/shared/src/ui/Button.ts": {"apps/admin/main.ts:2 packages/shared/src/ui/Button"},
		"apps/web/src/pages/Home.tsx":      {"apps/web/src/pages/lazy.ts:1 ./Home"},
		"server/index.js":                  {"server/routes.mjs:1 ./index.js"},
	})
}

func TestRustImporters(t *testing.T) {
	r := memRepo{
		"Cargo.toml":                "[package]\nname = \"draw-kit\"\nversion = \"0.1.0\"\n",
		"src/lib.rs":                "pub mod geometry;\nmod render;\npub use geometry::Point;\n",
		"src/geometry/mod.rs":       "pub mod shapes;\npub struct Point;\n",
		"src/geometry/shapes.rs":    "use super::Point;\npub struct Rect { a: Point }\n",
		"src/render.rs":             "use crate::geometry::shapes::{Rect, self};\nuse std::fmt;\nmod tests { use super::*; }\n",
		"src/main.rs":               "use draw_kit::geometry::Point;\nmod cli;\nfn main() {}\n",
		"src/cli.rs":                "use crate::Config;\npub fn run() {}\n",
		"tests/shapes.rs":           "use draw_kit::geometry::shapes::Rect;\n",
		"tools/gen/Cargo.toml":      "[package]\nname = \"gen\"\n",
		"tools/gen/src/main.rs":     "mod geometry;\nfn main() {}\n",
		"tools/gen/src/geometry.rs": "",
	}.repo()
	checkImporters(t, r, map[string][]string{
		"src/geometry/mod.rs": {
			"src/lib.rs:1 self::geometry",
			"src/main.rs:1 draw_kit::geometry::Point",
		},
		"src/geometry/shapes.rs": {
			"src/geometry/mod.rs:1 self::shapes",
			"src/render.rs:1 crate::geometry::shapes::Rect",
			"tests/shapes.rs:1 draw_kit::geometry::shapes::Rect",
		},
		// `use super::*` in render's own tests module is render itself.
		"src/render.rs":             {"src/lib.rs:2 self::render"},
		"src/cli.rs":                {"src/main.rs:2 self::cli"},
		"src/main.rs":               {"src/cli.rs:1 crate::Config"},
		"tools/gen/src/geometry.rs": {"tools/gen/src/main.rs:1 self::geometry"},
	})
}

func TestJavaImporters(t *testing.T) {
	java := func(pkg, body string, imports ...string) string {
		var b strings.Builder
		fmt.Fprintf(&b, "package %s;\n\n", pkg)
		for _, im := range imports {
			fmt.Fprintf(&b, "import %s;\n", im)
		}
		return b.String() + "\n" + body + "\n"
	}
	r := memRepo{
		"src/main/java/com/shop/catalog/Item.java":  java("com.shop.catalog", "public class Item { public static class Price {} }\nclass ItemRow {}"),
		"src/main/java/com/shop/catalog/Stock.java": java("com.shop.catalog", "public class Stock {}"),
		"src/main/java/com/shop/orders/Order.java":  java("com.shop.orders", "class Order {}", "java.util.List", "com.shop.catalog.Item"),
		"src/main/java/com/shop/orders/Quote.java":  java("com.shop.orders", "class Quote {}", "com.shop.catalog.Item.Price"),
		"src/main/java/com/shop/orders/Audit.java":  java("com.shop.orders", "class Audit {}", "static com.shop.catalog.Stock.count"),
		"src/main/java/com/shop/report/All.java":    java("com.shop.report", "class All {}", "com.shop.catalog.*"),
		"src/main/java/com/shop/report/Rows.java":   java("com.shop.report", "class Rows {}", "com.shop.catalog.ItemRow"),
		"src/main/java/com/other/Item.java":         java("com.other", "class Item {}"),
	}.repo()
	checkImporters(t, r, map[string][]string{
		"src/main/java/com/shop/catalog/Item.java": {
			"src/main/java/com/shop/orders/Order.java:4 com.shop.catalog.Item",
			"src/main/java/com/shop/orders/Quote.java:3 com.shop.catalog.Item.Price",
			"src/main/java/com/shop/report/All.java:3 com.shop.catalog.*",
			"src/main/java/com/shop/report/Rows.java:3 com.shop.catalog.ItemRow",
		},
		"src/main/java/com/shop/catalog/Stock.java": {
			"src/main/java/com/shop/orders/Audit.java:3 com.shop.catalog.Stock.count",
			"src/main/java/com/shop/report/All.java:3 com.shop.catalog.*",
		},
		"src/main/java/com/other/Item.java": nil,
	})
}

func TestImportersCountsUnreadableCandidates(t *testing.T) {
	m := memRepo{
		"go.mod":   "module m\n",
		"a/a.go":   goFile("a"),
		"b/b.go":   goFile("b", "m/a"),
		"c/big.go": goFile("c", "m/a") + strings.Repeat("// padding\n", 1000),
	}
	files := []string{"a/a.go", "b/b.go", "c/big.go", "gone/gone.go", "go.mod"}
	r := NewRepo(files, m, NewParser(Options{MaxBytes: 4 << 10}))
	got, st, err := r.Importers(context.Background(), "a/a.go")
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].Path != "b/b.go" {
		t.Errorf("importers %v, want b/b.go", got)
	}
	// gone.go cannot be read, big.go is too large to parse.
	if st.Files != 3 || st.Candidates != 2 || st.Skipped != 2 {
		t.Errorf("stats %+v, want 3 files, 2 candidates, 2 skipped", st)
	}
}

func TestCAndRubyImporters(t *testing.T) {
	r := memRepo{
		"include/ui/widget.h":     "#pragma once\nclass Widget {};\n",
		"src/ui/widget.cc":        "#include \"ui/widget.h\"\n#include <vector>\n",
		"src/ui/button.cc":        "#include \"button.h\"\n",
		"src/ui/button.h":         "#include \"ui/widget.h\"\n",
		"third_party/ui/widget.h": "",
		"lib/shop.rb":             "require \"shop/widget\"\nrequire \"json\"\n",
		"lib/shop/widget.rb":      "require_relative \"order\"\n",
		"lib/shop/order.rb":       "",
		"spec/widget_spec.rb":     "require_relative \"../lib/shop/widget\"\nrequire \"shop/order\"\n",
	}.repo()
	checkImporters(t, r, map[string][]string{
		// ui/widget.h is the one under include/, not third_party's.
		"include/ui/widget.h": {"src/ui/button.h:1 ui/widget.h", "src/ui/widget.cc:1 ui/widget.h"},
		"src/ui/button.h":     {"src/ui/button.cc:1 button.h"},
		"lib/shop/widget.rb":  {"lib/shop.rb:1 shop/widget", "spec/widget_spec.rb:1 ../lib/shop/widget"},
		"lib/shop/order.rb":   {"lib/shop/widget.rb:1 ./order", "spec/widget_spec.rb:2 shop/order"},
	})
}

// blobRepo is a memRepo that knows its blob ids and counts its reads.
type blobRepo struct {
	memRepo
	mu    sync.Mutex
	reads int
}

func (b *blobRepo) ReadFile(p string) ([]byte, error) {
	b.mu.Lock()
	b.reads++
	b.mu.Unlock()
	return b.memRepo.ReadFile(p)
}

func (b *blobRepo) BlobID(p string) (string, bool) {
	s, ok := b.memRepo[p]
	return BlobID([]byte(s)), ok
}

func TestImportersFromCachedBlobsReadNothing(t *testing.T) {
	src := &blobRepo{memRepo: memRepo{
		"go.mod": "module m\n",
		"a/a.go": goFile("a"),
		"b/b.go": goFile("b", "m/a"),
		"c/c.go": goFile("c", "m/a"),
		"d/d.go": goFile("d"),
	}}
	r := NewRepo([]string{"a/a.go", "b/b.go", "c/c.go", "d/d.go", "go.mod"}, src, NewParser(Options{}))
	for round := range 2 {
		src.reads = 0
		got, _, err := r.Importers(context.Background(), "a/a.go")
		if err != nil || len(got) != 2 {
			t.Fatalf("round %d: importers %v, %v", round, got, err)
		}
		// The first round reads go.mod and every Go file but the target
		// (d.go does not name m/a, so it is read and not parsed); the
		// second reads only d.go, whose parse was never cached.
		if want := []int{4, 1}[round]; src.reads != want {
			t.Errorf("round %d: %d reads, want %d", round, src.reads, want)
		}
	}
}
