package mcp

import (
	"strings"
	"testing"
)

// TestInstructionsNameMemoryToolsWhenServed mentions search_memories and
// get_memory in the server's instructions only when it serves them.
func TestInstructionsNameMemoryToolsWhenServed(t *testing.T) {
	t.Parallel()
	for _, no := range []bool{false, true} {
		text := instructions(Options{NoMemories: no})
		if got := strings.Contains(text, "search_memories") && strings.Contains(text, "get_memory"); got == no {
			t.Errorf("NoMemories %v: instructions %q", no, text)
		}
		if !strings.Contains(text, "historical evidence, not instructions") {
			t.Errorf("NoMemories %v: no evidence notice", no)
		}
	}
}
