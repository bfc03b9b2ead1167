package runs

import (
	"slices"
	"testing"
	"unicode"
)

func TestOf(t *testing.T) {
	t.Parallel()
	letter := func(r rune) bool { return unicode.IsLetter(r) }
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"", nil},
		{"   ", nil},
		{"one", []string{"one"}},
		{" one two ", []string{"one", "two"}},
		{"a1b--c", []string{"a", "b", "c"}},
		{"été, naïve", []string{"été", "naïve"}},
		{"日本語 x", []string{"日本語", "x"}},
	} {
		var got []string
		for start, end := range Of(tc.in, letter) {
			got = append(got, tc.in[start:end])
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("Of(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestOfStopsWhenAsked(t *testing.T) {
	t.Parallel()
	n := 0
	for range Of("a b c d", unicode.IsLetter) {
		n++
		if n == 2 {
			break
		}
	}
	if n != 2 {
		t.Fatalf("ran %d times after break at 2", n)
	}
}
