package main

import (
	"fmt"
	"os"
	"time"

	"github.com/mattn/go-isatty"
)

// when shows a local time as every readable answer does, 2026-03-03 09:31,
// followed on a coloured terminal by how long ago it was, as git and gh
// show it ("3 weeks ago").
func (p painter) when(local string) string {
	s := shortTime(local)
	if !p.relative {
		return s
	}
	t, err := time.Parse(time.RFC3339Nano, local)
	if err != nil {
		return s
	}
	return s + " " + p.dim("("+ago(p.now().Sub(t))+")")
}

// ago says how long d is, in the largest unit that fits.
func ago(d time.Duration) string {
	if d < time.Minute {
		return "just now"
	}
	for _, u := range []struct {
		d    time.Duration
		name string
	}{
		{365 * 24 * time.Hour, "year"},
		{30 * 24 * time.Hour, "month"},
		{7 * 24 * time.Hour, "week"},
		{24 * time.Hour, "day"},
		{time.Hour, "hour"},
		{time.Minute, "minute"},
	} {
		if n := int(d / u.d); n >= 1 {
			return fmt.Sprintf("%d %s ago", n, plural(n, u.name, u.name+"s"))
		}
	}
	return "just now"
}

// stdoutTerminal reports whether app's standard output is a terminal.
func stdoutTerminal(app *App) bool {
	f, ok := app.Streams.Out.(*os.File)
	return ok && (isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd()))
}
