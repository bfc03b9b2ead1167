package integrate

import (
	"strings"
	"testing"
)

// TestIntegrateKeepsInstructionFile adds the block to a user's CLAUDE.md
// after its own text, replaces it in place when it changes, and --remove
// gives back the file's bytes.
func TestIntegrateKeepsInstructionFile(t *testing.T) {
	h := newHome(t)
	md := h.put("CLAUDE.md", ".claude/CLAUDE.md", 0o644)
	before := h.read(md)
	h.mustRun("claude", Options{})
	with := h.read(md)
	if !strings.HasPrefix(with, before+"\n"+blockBegin) || !strings.HasSuffix(with, blockEnd+"\n") {
		t.Fatalf("CLAUDE.md:\n%s", with)
	}
	if m := mode(t, md); m != 0o644 {
		t.Errorf("mode %v, want 0644", m)
	}
	// Text the user adds after the block stays where it is.
	h.write(".claude/CLAUDE.md", with+"\n- Added later.\n", 0o644)
	h.mustRun("claude", Options{NoMemories: true})
	got := h.read(md)
	if !strings.HasPrefix(got, before+"\n"+blockBegin) || !strings.HasSuffix(got, blockEnd+"\n\n- Added later.\n") || strings.Contains(got, "search_memories") {
		t.Errorf("CLAUDE.md after the update:\n%s", got)
	}
	h.mustRun("claude", Options{Remove: true})
	if got := h.read(md); got != before+"\n- Added later.\n" {
		t.Errorf("CLAUDE.md after --remove:\n%q", got)
	}
}

func TestBlockEdits(t *testing.T) {
	block := blockBegin + "x -->\nnew\n" + blockEnd + "\n"
	for _, tc := range []struct{ in, want, removed string }{
		{"", block, ""},
		{"a", "a\n\n" + block, "a\n"},
		{"a\n\n\n", "a\n\n\n\n" + block, "a\n\n\n"},
		{"a\n" + blockBegin + "old -->\nold\n" + blockEnd + "\nb\n", "a\n" + block + "b\n", "a\nb\n"},
		{blockBegin + "old -->\n" + blockEnd, block, ""},
	} {
		got, err := setBlock(tc.in, block)
		if err != nil || got != tc.want {
			t.Errorf("setBlock(%q) = %q, %v; want %q", tc.in, got, err, tc.want)
		}
		if removed, err := removeBlock(got); err != nil || removed != tc.removed {
			t.Errorf("removeBlock(%q) = %q, %v; want %q", got, removed, err, tc.removed)
		}
	}
	for in, want := range map[string]string{
		"a\n" + blockBegin + "-->\nno end\n":                                  "no end line",
		block + "text\n" + block:                                              "appears twice",
		"a\n" + blockBegin + "-->\n" + blockEnd + "\n" + blockBegin + "-->\n": "appears twice",
	} {
		if _, err := setBlock(in, block); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("setBlock(%q): %v, want %q", in, err, want)
		}
		if _, err := removeBlock(in); err == nil {
			t.Errorf("removeBlock(%q) did not refuse", in)
		}
	}
}
