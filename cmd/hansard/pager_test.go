package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestBlamePager runs blame with standard output on a pseudo-terminal: the
// view goes through $PAGER (run by the shell, with its arguments, LESS=FRX
// when LESS is unset), in colour unless NO_COLOR is set; a LESS that is
// set is left alone.
func TestBlamePager(t *testing.T) {
	hansard, d := demoRepo(t)
	piped, _, _ := hansard("", "blame", "client.go", "--no-refresh")
	dir := t.TempDir()
	script := filepath.Join(dir, "pager.sh")
	body := "#!/bin/sh\nprintf '%s\\n' \"$@\" > " + filepath.Join(dir, "args") +
		"\nprintf '%s' \"$LESS\" > " + filepath.Join(dir, "less") +
		"\ncat > " + filepath.Join(dir, "input") + "\n"
	if err := os.WriteFile(script, []byte(body), 0o700); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name     string
		env      map[string]string
		colour   bool
		wantLess string
	}{
		{"colour", map[string]string{}, true, "FRX"},
		{"NO_COLOR", map[string]string{"NO_COLOR": "1"}, false, "FRX"},
		{"LESS set", map[string]string{"NO_COLOR": "1", "LESS": "-S"}, false, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			os.Remove(filepath.Join(dir, "input"))
			tty, _ := newTTY(t) // the terminal's screen: what reaches it is not looked at
			c.env["PAGER"] = script + " --from-pager"
			inDemo := d.Getenv(func(string) string { return "" })
			getenv := func(k string) string {
				if v, ok := c.env[k]; ok {
					return v
				}
				return inDemo(k)
			}
			var errb strings.Builder
			app := &App{Streams: streams{In: strings.NewReader(""), Out: tty, Err: &errb}, Getenv: getenv, Location: time.UTC, Now: demoNow}
			if code := runApp(t.Context(), app, []string{"blame", "client.go", "--no-refresh"}); code != 0 {
				t.Fatalf("exit %d: %s", code, errb.String())
			}
			input := readFile(t, filepath.Join(dir, "input"))
			if args := readFile(t, filepath.Join(dir, "args")); args != "--from-pager\n" {
				t.Errorf("pager's arguments: %q", args)
			}
			less := readFile(t, filepath.Join(dir, "less"))
			if c.env["LESS"] == "" && less != c.wantLess {
				t.Errorf("LESS=%q, want %q", less, c.wantLess)
			}
			if c.env["LESS"] != "" && less == "FRX" && os.Getenv("LESS") != "FRX" {
				t.Errorf("LESS was set, and the pager got LESS=FRX")
			}
			if got := strings.Contains(input, "\x1b["); got != c.colour {
				t.Errorf("colour %v, want %v:\n%q", got, c.colour, input[:min(len(input), 300)])
			}
			if !c.colour && input != piped {
				t.Errorf("the pager got other text than the piped view:\n%s\n---\n%s", input, piped)
			}
		})
	}
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
