package provenance

import "testing"

func TestNormalizeKey(t *testing.T) {
	t.Parallel()
	cases := map[string]string{
		"":                       "",
		"   ":                    "",
		"\tif err != nil {":      "if err != nil {",
		"a  \t b":                "a b",
		"  x := f( a,   b )  \r": "x := f( a, b )",
		"ünï  cödé":              "ünï cödé",
	}
	for in, want := range cases {
		if got := NormalizeKey(in); got != want {
			t.Errorf("NormalizeKey(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestIsTrivial(t *testing.T) {
	t.Parallel()
	trivial := []string{
		"", "   ", "}", ")", "]", "{", "});", "},", ");", "*/", `"""`, "'''", "/*", "//", "#",
		"return nil", "return", "} else {", "else", "else:", "end", "fi", "done", "break;",
		"return nil, err", "return err", "default:", "try:", "pass", "return true", "} catch (e) {",
		"i++", "x := 1", "return x", "</a>", "})", "]);", "end if", "},{", "foo()", `"fmt"`, "if ok {",
	}
	substantive := []string{
		"if err != nil { return fmt.Errorf(\"open: %w\", err) }",
		`"encoding/json"`, "x := compute(y)", "func Parse(s string) (Query, error) {", "if err != nil {", "defer f.Close()",
		"// Resolve walks up to the nearest folder.", "Name: \"test\",", "run(ctx)",
		"return total", "import os.path", "TODO", "log.Printf(\"x\")",
	}
	for _, l := range trivial {
		if !IsTrivial(l) {
			t.Errorf("IsTrivial(%q) = false, want true", l)
		}
	}
	for _, l := range substantive {
		if IsTrivial(l) {
			t.Errorf("IsTrivial(%q) = true, want false", l)
		}
	}
}
