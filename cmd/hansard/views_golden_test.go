package main

import (
	"regexp"
	"strings"
	"testing"
)

// TestReadableViewsGolden holds the readable answers of history, show, why,
// status, log and context on the demo: every time in them is shown in one
// form, the local clock to the minute and how long ago it was against the
// demo's clock, whether or not the output is coloured.
func TestReadableViewsGolden(t *testing.T) {
	hansard, d := demoRepo(t)
	demoGoldens(t, hansard, d, "views", []demoCase{
		{"history.txt", []string{"history", "backoff", "--no-refresh"}},
		{"history-none.txt", []string{"history", "nothing-says-this", "--no-refresh"}},
		{"show.txt", []string{"show", "7b3f2c1e", "--around", "7", "--limit", "3", "--no-refresh"}},
		{"why.txt", []string{"why", "client.go:17", "--no-refresh"}},
		{"status.txt", []string{"status"}},
		{"log.txt", []string{"log", "client.go", "--no-refresh"}},
		{"context.txt", []string{"context", "7b3f2c1e", "--no-refresh"}},
	}, func(name, out string) string {
		if name != "status.txt" {
			return out
		}
		// The archive's size on disk is SQLite's to choose, and the refresh
		// ran on the wall clock: its form is what is held.
		out = sizes.ReplaceAllString(out, "N KB")
		return refreshed.ReplaceAllString(out, "last refresh  YYYY-MM-DD HH:MM (just now)")
	})
}

var (
	// sizes are the sizes status prints.
	sizes = regexp.MustCompile(`[0-9.]+ [KMG]?B`)
	// refreshed is status's line of the last refresh, ahead of the demo's
	// clock.
	refreshed = regexp.MustCompile(`last refresh  [0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2} \(just now\)`)
)

// TestColouredViewsEscapeNothingOfTheirOwn: coloured, every readable view
// of the demo (whose texts hold no control characters) prints its own
// styles as escape sequences, never made visible (␛) by painting styled
// text again, and dims how long ago a time was.
func TestColouredViewsEscapeNothingOfTheirOwn(t *testing.T) {
	hansard, _ := demoRepo(t)
	for _, args := range [][]string{
		{"history", "backoff"}, {"show", "7b3f2c1e", "--limit", "3"}, {"why", "client.go:17"}, {"blame", "client.go", "-L", "17,+2"},
		{"status"}, {"log", "client.go"}, {"context", "7b3f2c1e"},
	} {
		out, errOut, code := hansard("", append(args, "--color=always", "--no-refresh")...)
		if args[0] == "status" {
			out, errOut, code = hansard("", "status", "--color=always")
		}
		if code != 0 || strings.Contains(out, "␛") || !strings.Contains(out, "\x1b[") {
			t.Errorf("%v --color=always: exit %d %s\n%q", args, code, errOut, out)
		}
		if args[0] != "status" && !strings.Contains(out, "ago)") {
			t.Errorf("%v --color=always: no time with how long ago\n%q", args, out)
		}
	}
}
