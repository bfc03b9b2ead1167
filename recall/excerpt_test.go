package recall

import (
	"strings"
	"testing"
	"unicode/utf8"
)

func TestExcerpt(t *testing.T) {
	t.Parallel()
	filler := strings.Repeat("lorem ipsum dolor ", 40) // 720 chars
	tests := []struct {
		name, query, text string
		max               int
		want              string // exact, or "" to check only properties
		contains          []string
		prefix, suffix    bool // expect leading/trailing ellipsis
	}{
		{name: "short text whole", query: "x", text: "short\n\ttext  here", max: 50, want: "short text here"},
		{name: "no match takes the start", query: "absent", text: filler, max: 40, contains: []string{"lorem ipsum"}, suffix: true},
		{name: "match in the middle", query: "needle", text: filler + "the needle is here " + filler, max: 60, contains: []string{"needle"}, prefix: true, suffix: true},
		{name: "match at the end", query: "needle", text: filler + "the needle", max: 60, contains: []string{"the needle"}, prefix: true},
		{name: "prefers all terms", query: "alpha beta", text: "alpha " + filler + "alpha then beta together " + filler, max: 60, contains: []string{"alpha then beta"}, prefix: true, suffix: true},
		{name: "multi-byte", query: "ключ", text: strings.Repeat("слово ", 100) + "ключ " + strings.Repeat("ещё ", 100), max: 30, contains: []string{"ключ"}, prefix: true, suffix: true},
		{name: "emoji and CJK", query: "検索", text: strings.Repeat("😀", 100) + "検索 " + strings.Repeat("界 ", 100), max: 20, contains: []string{"検索"}, prefix: true, suffix: true},
	}
	for _, tt := range tests {
		got := Excerpt(tt.text, ParseQuery(tt.query), tt.max)
		if tt.want != "" && got != tt.want {
			t.Errorf("%s: got %q, want %q", tt.name, got, tt.want)
		}
		if !utf8.ValidString(got) {
			t.Errorf("%s: invalid UTF-8 %q", tt.name, got)
		}
		body := strings.TrimSuffix(strings.TrimPrefix(got, "…"), "…")
		if n := utf8.RuneCountInString(body); n > tt.max {
			t.Errorf("%s: %d characters, max %d", tt.name, n, tt.max)
		}
		for _, c := range tt.contains {
			if !strings.Contains(got, c) {
				t.Errorf("%s: %q lacks %q", tt.name, got, c)
			}
		}
		if tt.want == "" {
			if p := strings.HasPrefix(got, "…"); p != tt.prefix {
				t.Errorf("%s: leading ellipsis %v, want %v (%q)", tt.name, p, tt.prefix, got)
			}
			if s := strings.HasSuffix(got, "…"); s != tt.suffix {
				t.Errorf("%s: trailing ellipsis %v, want %v (%q)", tt.name, s, tt.suffix, got)
			}
		}
	}
}

func FuzzExcerpt(f *testing.F) {
	f.Add("some text with a needle in it", "needle", 10)
	f.Add("ключ ключ ключ", "ключ", 3)
	f.Fuzz(func(t *testing.T, text, query string, max int) {
		if max < 1 || max > 1000 || !utf8.ValidString(text) {
			return
		}
		got := Excerpt(text, ParseQuery(query), max)
		if !utf8.ValidString(got) {
			t.Fatalf("invalid UTF-8")
		}
		body := strings.TrimSuffix(strings.TrimPrefix(got, "…"), "…")
		if n := utf8.RuneCountInString(body); n > max {
			t.Fatalf("%d > %d characters", n, max)
		}
	})
}

func TestExcerptOfLongText(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("noise words here ", 20000) // 340 kB
	q := ParseQuery("needle thread")
	tests := []struct {
		name, text, want string
	}{
		{"match deep inside", long + " the needle and thread are here " + long, "needle and thread"},
		{"terms far apart", "needle " + long + " thread", "needle"},
		{"no match", long, "noise words"},
		{"match at the very end", long + "needle", "needle"},
	}
	for _, tt := range tests {
		got := Excerpt(tt.text, q, 120)
		if !strings.Contains(got, tt.want) || !utf8.ValidString(got) {
			t.Errorf("%s: %q lacks %q", tt.name, got, tt.want)
		}
		if n := utf8.RuneCountInString(strings.Trim(got, "…")); n > 120 {
			t.Errorf("%s: %d characters", tt.name, n)
		}
	}
	multi := strings.Repeat("ключ ", 5000) + "игла " + strings.Repeat("слово ", 5000)
	if got := Excerpt(multi, ParseQuery("игла"), 50); !strings.Contains(got, "игла") || !utf8.ValidString(got) {
		t.Errorf("multi-byte long text: %q", got)
	}
}
