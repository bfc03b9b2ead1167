package codex

import (
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
)

// uuidPattern is what firstUUID finds, as a regular expression.
var uuidPattern = regexp.MustCompile(`[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}`)

// TestFirstUUIDIsTheFirstMatch holds firstUUID to the regular
// expression's leftmost match on texts made of hex digits, dashes and
// other bytes: UUIDs whole, cut, overlapping, with a wrong byte, at the
// start, the end and in the middle.
func TestFirstUUIDIsTheFirstMatch(t *testing.T) {
	t.Parallel()
	id := "019a2b40-1111-7000-8000-00000000000A"
	texts := []string{"", "-", "--------", id, id[1:], id[:35], "x" + id, id + "x", id + id, id[:20] + id,
		strings.Repeat("-", 40) + id, strings.Repeat("a", 40) + "-" + id, strings.ReplaceAll(id, "0", "g"),
		strings.Repeat("x", 64<<10), "spawned agent " + id + " (Curie)"}
	r := rand.New(rand.NewPCG(1, 2))
	parts := []string{"a", "F", "0", "9", "-", "g", " ", "é", id, id[:13], id[9:], "0123abcd-"}
	for range 3000 {
		var b strings.Builder
		for range r.IntN(12) {
			b.WriteString(parts[r.IntN(len(parts))])
		}
		texts = append(texts, b.String())
	}
	found := 0
	for _, s := range texts {
		want := uuidPattern.FindString(s)
		if got := firstUUID(s); got != want {
			t.Fatalf("firstUUID(%q) = %q, want %q", s, got, want)
		}
		if want != "" {
			found++
		}
	}
	if found < len(texts)/4 || found > len(texts)*3/4 {
		t.Errorf("%d of %d texts hold a UUID: the texts should be more mixed", found, len(texts))
	}
}
