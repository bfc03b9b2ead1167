package integrate

import (
	"errors"
	"strings"
	"testing"
)

var testEntry = serverEntry{Command: "/bin/hansard", Args: []string{"mcp", "serve"}}

// freshJSON is the file hansard writes where there was none, or only {}.
const freshJSON = `{
  "mcpServers": {
    "hansard": {
      "command": "/bin/hansard",
      "args": [
        "mcp",
        "serve"
      ]
    }
  }
}
`

// TestSetJSONServer checks the layouts the entry is written into: it
// follows the file's indentation, keeps one-line files on one line, and
// removal gives back the original bytes.
func TestSetJSONServer(t *testing.T) {
	for _, tc := range []struct{ name, in, want string }{
		{"empty file", "", freshJSON},
		{"empty object", "{}\n", freshJSON},
		{"one line", `{"theme":"dark","mcpServers":{"a":{"command":"x"}}}`,
			`{"theme":"dark","mcpServers":{"a":{"command":"x"},"hansard":{"command":"/bin/hansard","args":["mcp","serve"]}}}`},
		{"tabs, empty servers", "{\n\t\"mcpServers\": {}\n}\n", `{
	"mcpServers": {
		"hansard": {
			"command": "/bin/hansard",
			"args": [
				"mcp",
				"serve"
			]
		}
	}
}
`},
		{"four spaces after others", "{\n    \"a\": 1,\n    \"mcpServers\": {\n        \"x\": {}\n    },\n    \"z\": [1.50, 2e3]\n}", `{
    "a": 1,
    "mcpServers": {
        "x": {},
        "hansard": {
            "command": "/bin/hansard",
            "args": [
                "mcp",
                "serve"
            ]
        }
    },
    "z": [1.50, 2e3]
}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := setJSONServer([]byte(tc.in), ServerName, testEntry)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tc.want {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
			back, err := removeJSONServer(got, ServerName)
			if err != nil {
				t.Fatal(err)
			}
			// Removal gives back the original bytes; where hansard
			// filled an empty object, an empty one.
			want := map[string]string{"": "{}\n", "{}\n": "{}\n", "{\n\t\"mcpServers\": {}\n}\n": "{}\n"}[tc.in]
			if want == "" {
				want = tc.in
			}
			if string(back) != want {
				t.Errorf("removed:\n%s\nwant\n%s", back, want)
			}
		})
	}
}

// TestSetJSONServerReplaces rewrites a different hansard entry in place
// and leaves an equal one, however it is spelled, alone.
func TestSetJSONServerReplaces(t *testing.T) {
	in := "{\n  \"mcpServers\": {\n    \"hansard\": {\"command\": \"old\"},\n    \"b\": {}\n  }\n}\n"
	got, err := setJSONServer([]byte(in), ServerName, testEntry)
	if err != nil {
		t.Fatal(err)
	}
	want := "{\n  \"mcpServers\": {\n    \"hansard\": {\n      \"command\": \"/bin/hansard\",\n      \"args\": [\n        \"mcp\",\n        \"serve\"\n      ]\n    },\n    \"b\": {}\n  }\n}\n"
	if string(got) != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	same := "{\"mcpServers\": {\"hansard\": {\"args\": [\"mcp\", \"serve\"], \"command\": \"/bin/hansard\"}}}"
	if got, _ := setJSONServer([]byte(same), ServerName, testEntry); string(got) != same {
		t.Errorf("an equal entry was rewritten: %s", got)
	}
	// Removing the first of several members takes its comma with it;
	// removing the only server, "mcpServers" too.
	if back, _ := removeJSONServer([]byte(want), ServerName); string(back) != "{\n  \"mcpServers\": {\n    \"b\": {}\n  }\n}\n" {
		t.Errorf("removed:\n%s", back)
	}
	if back, _ := removeJSONServer([]byte(same), ServerName); string(back) != "{}" {
		t.Errorf("removing the only server: %s", back)
	}
}

func TestSetJSONServerRefuses(t *testing.T) {
	for in, want := range map[string]string{
		"{\n  // a comment\n  \"a\": 1\n}":   ErrCommentedJSON.Error(),
		"{\"a\": 1 /* note */}":              ErrCommentedJSON.Error(),
		"{\"a\": 1,}":                        "not valid JSON",
		"[1, 2]":                             "JSON array, not an object",
		"{\"mcpServers\": [\"a\"]}":          "\"mcpServers\" is a JSON array",
		"{\"url\": \"http://x//y\", \"a\":}": "not valid JSON",
	} {
		_, err := setJSONServer([]byte(in), ServerName, testEntry)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v, want %q", in, err, want)
		}
	}
	// Slashes inside strings are not comments.
	if _, err := setJSONServer([]byte(`{"url": "http://x//y/*z"}`), ServerName, testEntry); err != nil {
		t.Error(err)
	}
	if err := checkJSON([]byte("// x\n{}")); !errors.Is(err, ErrCommentedJSON) {
		t.Error(err)
	}
}
