package main

import (
	"strings"
	"testing"
)

// TestUsageErrorNamesTheCommandsHelp checks the help a usage error points
// to: the command that was run, nested or not.
func TestUsageErrorNamesTheCommandsHelp(t *testing.T) {
	t.Parallel()
	home := t.TempDir()
	for _, tt := range []struct {
		args []string
		help string
	}{
		{[]string{"--no-such-flag"}, "Run 'hansard --help' for usage."},
		{[]string{"no-such-command"}, "Run 'hansard --help' for usage."},
		{[]string{"index", "pause", "--no-such-flag"}, "Run 'hansard index pause --help' for usage."},
		{[]string{"why", "--stdin", "x.go:1"}, "Run 'hansard why --help' for usage."},
	} {
		_, errOut, code := runIn(t, home, nil, tt.args...)
		if code != exitUsage || !strings.HasSuffix(errOut, tt.help+"\n") {
			t.Errorf("%v: exit %d, want %d ending %q:\n%s", tt.args, code, exitUsage, tt.help, errOut)
		}
	}
}
