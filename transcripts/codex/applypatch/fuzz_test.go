package applypatch

import (
	"hansard/transcripts"
	"strings"
	"testing"
)

func FuzzParse(f *testing.F) {
	f.Add("*** Begin Patch\n*** Update File: /r/example.py\n@@\n def greet(name: str) -> str:\n@@\n-    return x\n+    # c\n+    return x\n*** End Patch")
	f.Add("*** Begin Patch\n*** Add File: a\n+1\n*** Delete File: b\n*** Update File: c\n*** Move to: d\n@@ x\n y\n*** End of File\n*** End Patch\n")
	f.Add("apply_patch <<'EOF'\n*** Begin Patch\n*** Add File: n\n+x\nEOF\n")
	f.Add("@@ -1,2 +1,3 @@\n a\n-b\n+c\n+d\n")
	f.Fuzz(func(t *testing.T, s string) {
		p, _ := Parse(s)
		for _, op := range p.Files {
			if op.Path == "" {
				t.Fatalf("file op without path: %+v", op)
			}
			for _, h := range op.Hunks() {
				for _, l := range h.Lines {
					if l == "" || !strings.ContainsRune(" -+", rune(l[0])) {
						t.Fatalf("bad hunk line %q", l)
					}
				}
			}
		}
		hs, _ := ParseUnified(s)
		for _, h := range hs {
			if h.OldLines < 0 || h.NewLines < 0 {
				t.Fatalf("negative counts %+v", h)
			}
		}
		transcripts.ParseHeredoc(s)
	})
}
