//go:build cgo

package symbols

import "testing"

func TestRustImporters(t *testing.T) {
	r := memRepo{
		"Cargo.toml":                   "[package]\nname = \"draw-kit\"\nversion = \"0.1.0\"\n",
		"src/lib.rs":                   "pub mod geometry;\nmod render;\npub use geometry::Point;\n",
		"src/geometry/mod.rs":          "pub mod shapes;\npub struct Point;\n",
		"src/geometry/shapes/round.rs": "use super::*;\npub struct Circle;\n",
		"src/geometry/shapes.rs":       "use super::Point;\npub struct Rect { a: Point }\n",
		"src/render.rs":                "use crate::geometry::shapes::{Rect, self};\nuse std::fmt;\nmod tests { use super::*; }\n",
		"src/main.rs":                  "use draw_kit::geometry::Point;\nmod cli;\nfn main() {}\n",
		"src/cli.rs":                   "use crate::Config;\npub fn run() {}\n",
		"tests/shapes.rs":              "use draw_kit::geometry::shapes::Rect;\n",
		"tools/gen/Cargo.toml":         "[package]\nname = \"gen\"\n",
		"tools/gen/src/main.rs":        "mod geometry;\nfn main() {}\n",
		"tools/gen/src/geometry.rs":    "",
	}.repo()
	checkImporters(t, r, map[string][]string{
		"src/geometry/mod.rs": {
			"src/geometry/shapes.rs:1 super::Point",
			"src/lib.rs:1 self::geometry",
			"src/main.rs:1 draw_kit::geometry::Point",
		},
		"src/geometry/shapes.rs": {
			"src/geometry/mod.rs:1 self::shapes",
			"src/geometry/shapes/round.rs:1 super::*",
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
