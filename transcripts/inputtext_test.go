package transcripts

import (
	"strings"
	"testing"
)

func TestJSONStrings(t *testing.T) {
	t.Parallel()
	skipOld := func(k string) bool { return k == "old_string" }
	for _, c := range []struct{ in, want string }{
		{`{"file_path":"/a/b.go","old_string":"gone","new_string":"kept","replace_all":true}`, "/a/b.go\nkept"},
		{`{"edits":[{"old_string":{"x":"gone"},"new_string":"one"},{"old_string":"gone2","new_string":"two"}],"file_path":"/p"}`, "one\ntwo\n/p"},
		{`{"todos":[{"content":"Add retry","status":"pending"},{"content":"Add retry","status":"done"}]}`, "Add retry\npending\ndone"},
		{`["a", 1, null, true, {"k": ["b", "  "]}]`, "a\nb"},
		{`{"a": "x", "b": `, "x"},
		{`not json`, ""},
		{`"just a string"`, "just a string"},
	} {
		if got := JSONStrings([]byte(c.in), skipOld); got != c.want {
			t.Errorf("JSONStrings(%s) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestJSONStringsDeep drops what nests past maxJSONDepth and keeps going.
func TestJSONStringsDeep(t *testing.T) {
	t.Parallel()
	n := 100000
	in := `{"a":"before","deep":` + strings.Repeat("[", n) + `"lost"` + strings.Repeat("]", n) + `,"b":"after"}`
	if got := JSONStrings([]byte(in), nil); got != "before\nafter" {
		t.Errorf("JSONStrings of a deep document = %.40q", got)
	}
}

func TestPatchAddedText(t *testing.T) {
	t.Parallel()
	patch := "*** Begin Patch\n*** Update File: a/client.go\n@@ func Get\n-\treturn nil\n+\treturn retry(ctx)\n context\n*** Add File: b.go\n+package b\n*** End Patch\n"
	want := "a/client.go\n\treturn retry(ctx)\nb.go\npackage b"
	if got := PatchAddedText(patch); got != want {
		t.Errorf("PatchAddedText = %q, want %q", got, want)
	}
}
