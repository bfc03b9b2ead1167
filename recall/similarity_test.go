package recall

import (
	"math"
	"reflect"
	"testing"
)

func TestSimilarity(t *testing.T) {
	t.Parallel()
	tests := []struct {
		a, b string
		want float64
	}{
		{"", "", 1},
		{"same text here", "same text here", 1},
		{"Fix the LOGIN bug!", "fix the login bug", 1},
		{"fix the login bug", "fix the signup bug", 0.75},
		{"a b c d", "e f g h", 0},
		{"a b c d", "", 0},
		{"add a test for the parser please", "add a test for the parser", 1 - 1.0/7},
		{"one two three four five", "two three four five one", 0.6},
	}
	for _, tt := range tests {
		if got := Similarity(tt.a, tt.b); math.Abs(got-tt.want) > 1e-9 {
			t.Errorf("Similarity(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
		if got := Similarity(tt.b, tt.a); math.Abs(got-tt.want) > 1e-9 {
			t.Errorf("Similarity is not symmetric for %q, %q", tt.a, tt.b)
		}
	}
}

func TestGroupRevisions(t *testing.T) {
	t.Parallel()
	u := func(i int, text, parent string) revisionItem {
		return revisionItem{Index: i, Role: "user", Human: true, Text: text, ParentUUID: parent}
	}
	tests := []struct {
		name  string
		items []revisionItem
		want  []int // position of each item's latest copy
	}{
		{"all distinct", []revisionItem{u(0, "write the parser for codex", "p0"), u(2, "now add tests to it please", "p1")}, []int{0, 1}},
		{"near-identical resubmission", []revisionItem{u(0, "please fix the failing test in archive", "a"), u(4, "please fix the failing tests in archive", "b")}, []int{1, 1}},
		{"rewind siblings share a parent", []revisionItem{u(3, "rename it to Ledger", "p"), u(5, "actually call the type EditLedger and move it", "p")}, []int{1, 1}},
		{"short replies are not copies", []revisionItem{u(1, "yes", "a"), u(3, "yes", "b"), u(5, "continue", "c")}, []int{0, 1, 2}},
		{"different roles never group", []revisionItem{u(0, "explain the blame cache design in detail", "a"), {Index: 1, Role: "assistant", Text: "explain the blame cache design in detail"}}, []int{0, 1}},
		{"chain of three edits", []revisionItem{u(0, "add a flag named verbose to the index command", "a"), u(2, "add a flag named verbose to the index command now", "b"), u(6, "add the flag named verbose to the index command now", "c")}, []int{2, 2, 2}},
		{"non-human siblings need similar text", []revisionItem{{Index: 0, Role: "user", Text: "tool output one", ParentUUID: "p"}, {Index: 1, Role: "user", Text: "different output", ParentUUID: "p"}}, []int{0, 1}},
	}
	for _, tt := range tests {
		if got := groupRevisions(tt.items); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: got %v, want %v", tt.name, got, tt.want)
		}
	}
}
