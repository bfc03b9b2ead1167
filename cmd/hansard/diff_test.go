package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestDiffAndSaid: why --diff shows the edit's own change (a unified diff
// of an Edit's old and new text, the patch of an apply_patch), show --diff
// the same under the message that made it, and every answer the
// assistant's words with its edit.
func TestDiffAndSaid(t *testing.T) {
	hansard, _ := demoRepo(t)
	added := "+\t\treturn nil, fmt.Errorf(\"get %s: %s: %w\", path, resp.Status, ErrPermanent)"
	why, errOut, code := hansard("", "why", "client.go:52", "--diff", "--no-refresh")
	if code != 0 || !strings.Contains(why, "  diff\n      --- client.go (before the edit)\n") || !strings.Contains(why, added) {
		t.Errorf("why --diff: exit %d %s\n%s", code, errOut, why)
	}
	if !strings.Contains(why, "  said     “") {
		t.Errorf("why names no words of the assistant:\n%s", why)
	}
	if plain, _, _ := hansard("", "why", "client.go:52", "--no-refresh"); strings.Contains(plain, "  diff\n") {
		t.Errorf("why shows a diff unasked:\n%s", plain)
	}
	out, _, _ := hansard("", "why", "client.go:62", "--diff", "--json", "--no-refresh")
	var a struct {
		Edit struct{ Tool, Diff, Said string } `json:"edit"`
	}
	if err := json.Unmarshal([]byte(out), &a); err != nil {
		t.Fatal(err)
	}
	if a.Edit.Tool != "apply_patch" || !strings.HasPrefix(a.Edit.Diff, "*** Update File: ") || !strings.Contains(a.Edit.Diff, "+func (c *Client) GetJSON(") || a.Edit.Said == "" {
		t.Errorf("why --diff --json of an apply_patch line: %+v", a.Edit)
	}
	show, errOut, code := hansard("", "show", "7b3f2c1e", "--around", "13", "--limit", "1", "--diff", "--no-refresh")
	if code != 0 || !strings.Contains(show, "  → Edit: client.go (ok)\n    --- client.go (before the edit)\n") || !strings.Contains(show, added) {
		t.Errorf("show --diff: exit %d %s\n%s", code, errOut, show)
	}
}
