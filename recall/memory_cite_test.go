package recall

import "testing"

// TestCiteTargets: what a memory line must say to name lib/store/db.go,
// its folders, its extension or its language.
func TestCiteTargets(t *testing.T) {
	t.Parallel()
	ts := citeTargets([]string{"lib/store/db.go"})
	match := func(line string) string {
		for _, x := range ts {
			if x.re.MatchString(line) {
				return x.names + " " + x.name
			}
		}
		return ""
	}
	for line, want := range map[string]string{
		"- Never change lib/store/db.go by hand.": "path lib/store/db.go",
		"db.go holds the schema":                  "path db.go",
		"see xlib/store/db.go.orig":               "",
		"Code in lib/store/ closes its rows.":     "folder lib/store",
		"The lib/store package is generated.":     "folder lib/store",
		"Run the tests of `lib`.":                 "folder lib",
		"Everything under ./lib/ is vendored.":    "folder lib",
		"The store folder is generated.":          "folder store",
		"a library of stores":                     "",
		"Keep *.go files gofmt-clean.":            "extension .go",
		"Files ending in .go need a header.":      "extension .go",
		"# Go":                                    "language Go",
		"Write Go code the standard way.":         "language Go",
		"In Golang, wrap errors.":                 "language Golang",
		"Go ahead and run the tests.":             "",
		"Then go to the deploy page.":             "",
		"Deploy with make deploy.":                "",
	} {
		if got := match(line); got != want {
			t.Errorf("%q names %q, want %q", line, got, want)
		}
	}
}
