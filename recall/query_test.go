package recall

import (
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestParseQuery(t *testing.T) {
	t.Parallel()
	tests := []struct {
		in    string
		terms []Term
		any   string
		all   string
	}{
		{in: "", terms: nil},
		{in: "   \t\n", terms: nil},
		{in: "blame", terms: []Term{{Text: "blame", Words: []string{"blame"}}}, any: `"blame"`, all: `"blame"`},
		{in: "Blame cache", terms: []Term{{Text: "Blame", Words: []string{"blame"}}, {Text: "cache", Words: []string{"cache"}}},
			any: `"Blame" OR "cache"`, all: `"Blame" AND "cache"`},
		{in: `"edit ledger" why`, terms: []Term{{Text: "edit ledger", Words: []string{"edit", "ledger"}, Phrase: true}, {Text: "why", Words: []string{"why"}}},
			any: `"edit ledger" OR "why"`},
		{in: `blame-cache`, terms: []Term{{Text: "blame-cache", Words: []string{"blame", "cache"}}}, any: `"blame-cache"`},
		{in: `func.New`, terms: []Term{{Text: "func.New", Words: []string{"func", "new"}}}, any: `"func.New"`},
		{in: `snake_case_name`, terms: []Term{{Text: "snake_case_name", Words: []string{"snake_case_name"}}}},
		{in: `migrat*`, terms: []Term{{Text: "migrat", Words: []string{"migrat"}, Prefix: true}}, any: `"migrat"*`},
		{in: `a*`, terms: []Term{{Text: "a", Words: []string{"a"}}}, any: `"a"`},
		{in: `go*`, terms: []Term{{Text: "go", Words: []string{"go"}, Prefix: true}}, any: `"go"*`},
		{in: `* ** -- ?? ()`, terms: nil},
		{in: `foo OR bar AND NOT baz`, terms: []Term{{Text: "foo", Words: []string{"foo"}}, {Text: "bar", Words: []string{"bar"}}, {Text: "baz", Words: []string{"baz"}}}},
		{in: `"OR"`, terms: []Term{{Text: "OR", Words: []string{"or"}, Phrase: true}}, any: `"OR"`},
		{in: `or`, terms: []Term{{Text: "or", Words: []string{"or"}}}},
		{in: `"unterminated phrase`, terms: []Term{{Text: "unterminated phrase", Words: []string{"unterminated", "phrase"}, Phrase: true}}},
		{in: `"" x`, terms: []Term{{Text: "x", Words: []string{"x"}}}},
		{in: `dup DUP dup`, terms: []Term{{Text: "dup", Words: []string{"dup"}}}},
		{in: `a"b`, terms: []Term{{Text: "a", Words: []string{"a"}}, {Text: "b", Words: []string{"b"}, Phrase: true}}},
		{in: "tab\x00null", terms: []Term{{Text: "tab null", Words: []string{"tab", "null"}}}},
		{in: `Café ÜBER`, terms: []Term{{Text: "Café", Words: []string{"cafe"}}, {Text: "ÜBER", Words: []string{"uber"}}}},
		{in: `日本語 テスト`, terms: []Term{{Text: "日本語", Words: []string{"日本語"}}, {Text: "テスト", Words: []string{"テスト"}}}},
		{in: `NEAR(a b)`, terms: []Term{{Text: "NEAR(a", Words: []string{"near", "a"}}, {Text: "b)", Words: []string{"b"}}}},
		{in: `col:value ^start`, terms: []Term{{Text: "col:value", Words: []string{"col", "value"}}, {Text: "^start", Words: []string{"start"}}}},
	}
	for _, tt := range tests {
		q := ParseQuery(tt.in)
		if !reflect.DeepEqual(q.Terms, tt.terms) {
			t.Errorf("ParseQuery(%q).Terms = %#v, want %#v", tt.in, q.Terms, tt.terms)
			continue
		}
		if tt.any != "" && q.MatchAny() != tt.any {
			t.Errorf("ParseQuery(%q).MatchAny() = %s, want %s", tt.in, q.MatchAny(), tt.any)
		}
		if tt.all != "" && q.MatchAll() != tt.all {
			t.Errorf("ParseQuery(%q).MatchAll() = %s, want %s", tt.in, q.MatchAll(), tt.all)
		}
	}
}

func TestParseQueryLimits(t *testing.T) {
	t.Parallel()
	q := ParseQuery(strings.Repeat("w ", 3) + strings.Repeat("x", 10) + " " + func() string {
		var b strings.Builder
		for i := 0; i < 40; i++ {
			b.WriteString(" t" + strings.Repeat("z", i))
		}
		return b.String()
	}())
	if len(q.Terms) != maxQueryTerms {
		t.Errorf("got %d terms, want %d", len(q.Terms), maxQueryTerms)
	}
	long := `"` + strings.Repeat("word ", 100) + `"`
	q = ParseQuery(long)
	if len(q.Terms) != 1 || len(q.Terms[0].Words) != maxPhraseWords {
		t.Errorf("long phrase: %d terms, %d words", len(q.Terms), len(q.Terms[0].Words))
	}
}

// FuzzParseQuery holds the parser's promises for any input: it never fails,
// every term has words, and its expression is a single FTS5 string (every
// quote inside doubled), so nothing the user types is FTS5 syntax. The
// archive-backed fuzz target in search_fuzz_test.go runs the expressions
// through SQLite.
func FuzzParseQuery(f *testing.F) {
	for _, s := range []string{"", "a b", `"x y"`, `a"b`, `NEAR(a, b)`, `a*`, `"`, `""""`, "col:x", "-x +y", "^z", "\x00", "(a OR b) NOT c", "日本語"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		q := ParseQuery(s)
		if len(q.Terms) > maxQueryTerms {
			t.Fatalf("%d terms", len(q.Terms))
		}
		for _, term := range q.Terms {
			if len(term.Words) == 0 {
				t.Fatalf("term %q without words", term.Text)
			}
			e := term.Expr()
			e = strings.TrimSuffix(e, "*")
			if len(e) < 2 || e[0] != '"' || e[len(e)-1] != '"' {
				t.Fatalf("expression %s is not one string", term.Expr())
			}
			inner := e[1 : len(e)-1]
			if strings.Count(inner, `"`)%2 != 0 || strings.Contains(strings.ReplaceAll(inner, `""`, ""), `"`) {
				t.Fatalf("expression %s has a bare quote", term.Expr())
			}
			if utf8.ValidString(s) && !utf8.ValidString(term.Text) {
				t.Fatalf("term %q is not valid UTF-8", term.Text)
			}
		}
	})
}

func TestMatchSpansAndCoverage(t *testing.T) {
	t.Parallel()
	tests := []struct {
		query, text string
		spans       []string
		coverage    int
	}{
		{"blame cache", "The Blame-cache is warm; blame again.", []string{"Blame", "cache", "blame"}, 2},
		{`"blame cache"`, "blame cache; cache blame", []string{"blame cache"}, 1},
		{"migrat*", "migrations migrate MIGRATED mig", []string{"migrations", "migrate", "MIGRATED"}, 1},
		{"func.New", "call func.New() or func New", []string{"func.New", "func New"}, 1},
		{"snake_case", "snake_case and snake case", []string{"snake_case"}, 1},
		{"cafe", "un café noir", []string{"café"}, 1},
		{"x", "no match here", nil, 0},
		{"über straße", "Über die Straße", []string{"Über", "Straße"}, 2},
	}
	for _, tt := range tests {
		q := ParseQuery(tt.query)
		var got []string
		for _, s := range q.MatchSpans(tt.text) {
			got = append(got, tt.text[s.Start:s.End])
		}
		if !reflect.DeepEqual(got, tt.spans) {
			t.Errorf("%q in %q: spans %q, want %q", tt.query, tt.text, got, tt.spans)
		}
		if c := q.Coverage(tt.text); c != tt.coverage {
			t.Errorf("%q in %q: coverage %d, want %d", tt.query, tt.text, c, tt.coverage)
		}
	}
}
