package main

import (
	"fmt"
	"strings"
	"time"
)

// timeLayout is how every readable answer shows a time: the local clock,
// to the minute (2026-03-03 09:31). --json and --porcelain keep RFC 3339.
const timeLayout = "2006-01-02 15:04"

// when shows a time given as RFC 3339 on the local clock (the *_local
// fields of answers) as every readable answer does: in timeLayout,
// followed by how long ago it was, as git and gh show it
// ("2026-03-03 09:31 (3 weeks ago)"), dimmed on a coloured terminal. A
// text that is not such a time is shown cut as shortTime cuts it.
func (p painter) when(local string) string {
	t, err := time.Parse(time.RFC3339Nano, local)
	if err != nil {
		return shortTime(local)
	}
	return shortTime(local) + " " + p.dim("("+ago(p.clock()().Sub(t))+")")
}

// whenTime is when of a time value, shown on the answers' clock (loc).
func (p painter) whenTime(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	loc := p.loc
	if loc == nil {
		loc = time.Local
	}
	return p.when(t.In(loc).Format(time.RFC3339))
}

// clock returns the painter's clock: now, or time.Now when none was set.
func (p painter) clock() func() time.Time {
	if p.now == nil {
		return time.Now
	}
	return p.now
}

// shortTime shows a local RFC 3339 time in timeLayout without reading
// it: the time is already on the clock it is shown on. Times inside an
// answer that already says when it happened (the messages of show, the
// edit of a session) are shown so, without how long ago.
func shortTime(local string) string {
	if len(local) >= len(timeLayout) {
		local = strings.Replace(local[:len(timeLayout)], "T", " ", 1)
	}
	return termSafe(local)
}

// ago says how long d is, in the largest unit that fits; a time less
// than a minute ago, or ahead of the clock, is "just now".
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
