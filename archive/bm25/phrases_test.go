package bm25

import (
	"slices"
	"testing"
)

func TestPhraseKeys(t *testing.T) {
	p := func(cols, phrase string) string { return "p\x00" + cols + "\x00" + phrase }
	for _, c := range []struct {
		match string
		want  []string // nil: not read (kept by expression)
	}{
		{`"go"`, []string{p("", `"go"`)}},
		{`"go" *`, []string{p("", `"go"*`)}},
		{`{user} : (("go" OR "go_"*))`, []string{p("user", `"go"`), p("user", `"go_"*`)}},
		{`{user  said} : (NEAR("parse" "config", 3))`, []string{p("user said", `"parse"`), p("user said", `"config"`)}},
		{`{said} : (("go" OR "go_"*) AND ("test" OR "test_"*))`, []string{p("said", `"go"`), p("said", `"go_"*`), p("said", `"test"`), p("said", `"test_"*`)}},
		{`said : "a ""b"" c" NOT "d"`, []string{p("said", `"a ""b"" c"`), p("said", `"d"`)}},
		{`"parse_config" OR "the"`, []string{p("", `"parse_config"`), p("", `"the"`)}},
		{`go`, nil},                   // a bareword phrase
		{`"a" + "b"`, nil},            // one phrase of two strings
		{`^"a"`, nil},                 // the first token of a column
		{`"a" AND {user} : "b"`, nil}, // a filter inside
		{`-{user} : "a"`, nil},        // a filter of columns left out
		{`("a"`, nil},                 // unbalanced
		{`"a`, nil},                   // an open string
		{`"a", 3`, nil},               // a distance outside NEAR
		{`NEAR("a" "b", x)`, nil},     // no distance
		{`NEAR("a" NEAR("b"))`, nil},  // NEAR inside NEAR
		{`"a" * *`, nil},              // a star of nothing
	} {
		got, ok := phraseKeys(c.match)
		if ok != (c.want != nil) || !slices.Equal(got, c.want) {
			t.Errorf("phraseKeys(%s) = %q, %v; want %q", c.match, got, ok, c.want)
		}
	}
}
