package providertest

import (
	"bytes"
	"strings"
	"testing"
)

// checkCallLines checks that every tool call names its own line: a line
// of the file that holds the call's id (a provider that makes up an id for
// a call without one, "line-N", is taken at its word).
func checkCallLines(t *testing.T, sc *source) {
	t.Helper()
	lines := bytes.Split(sc.data, []byte("\n"))
	for k, tc := range sc.full.ToolCallsByKey {
		switch {
		case tc.Line <= 0 || tc.Line > len(lines):
			t.Errorf("%s: tool call %+v: line %d", sc.rel, k, tc.Line)
		case !strings.HasPrefix(tc.ID, "line-") && !bytes.Contains(lines[tc.Line-1], []byte(tc.ID)):
			t.Errorf("%s: tool call %+v: line %d does not hold the call: %.200s", sc.rel, k, tc.Line, lines[tc.Line-1])
		}
	}
}
