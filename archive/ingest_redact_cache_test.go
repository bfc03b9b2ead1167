package archive

import (
	"strings"
	"testing"
)

func TestRedactMemo(t *testing.T) {
	t.Parallel()
	if newRedactMemo(nil) != nil {
		t.Fatal("a memo of no redaction is not nil")
	}
	calls := map[string]int{}
	red := newRedactMemo(func(s string) string {
		calls[s]++
		return strings.ReplaceAll(s, "secret", "[redacted]")
	})
	long := strings.Repeat("x", memoMinLen) + " secret"
	for range 3 {
		if got := red(long); got != strings.Repeat("x", memoMinLen)+" [redacted]" {
			t.Fatalf("red(long) = %q", got)
		}
		if got := red("a secret"); got != "a [redacted]" {
			t.Fatalf("red(short) = %q", got)
		}
	}
	if calls[long] != 1 || calls["a secret"] != 3 {
		t.Errorf("calls: long %d (want 1), short %d (want 3)", calls[long], calls["a secret"])
	}
	// Past memoBytes the memo starts over.
	big := strings.Repeat("y", memoBytes)
	red(big)
	red(long)
	if calls[long] != 2 {
		t.Errorf("after the memo filled, long was redacted %d times, want 2", calls[long])
	}
}
