package recall

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// TimeRange is a half-open interval [Since, Until) in UTC; a zero bound is open.
type TimeRange struct {
	Since time.Time
	Until time.Time
}

// Contains reports whether t lies in the range.
func (r TimeRange) Contains(t time.Time) bool {
	return (r.Since.IsZero() || !t.Before(r.Since)) && (r.Until.IsZero() || t.Before(r.Until))
}

// ParseTimeRange parses since and until. Each is empty (open), an RFC 3339
// time, a local time of day (2026-11-30T10:00 or 2026-11-30 10:00, seconds
// optional, on loc's clock), a date (2026-11-30 or 2026/11/30), or a day
// relative to now on loc's clock: today, yesterday, Nd or "N days ago"
// (the day N days ago), Nw or "N weeks ago". A day
// covers that whole day on loc's clock: since a day starts at its local
// midnight, until a day ends at the next local midnight, whatever the day's
// length (23 or 25 hours across DST). An RFC 3339 until includes that
// instant. Relative values count whole local days, never hours: since 7d
// starts at the midnight that began the day a week ago.
func ParseTimeRange(since, until string, loc *time.Location, now time.Time) (TimeRange, error) {
	if loc == nil {
		loc = time.Local
	}
	var r TimeRange
	var err error
	if r.Since, err = parseBound("since", since, loc, now, false); err != nil {
		return TimeRange{}, err
	}
	if r.Until, err = parseBound("until", until, loc, now, true); err != nil {
		return TimeRange{}, err
	}
	if !r.Since.IsZero() && !r.Until.IsZero() && !r.Since.Before(r.Until) {
		return TimeRange{}, invalidArg("until", fmt.Sprintf("until (%s) is not after since (%s)", until, since))
	}
	return r, nil
}

// relativeForms names the relative days accepted, for errors.
const relativeForms = "today, yesterday, 3 days ago, 7d, 2w"

// dateExamples lists the forms a since or until takes, for errors.
const dateExamples = "2026-05-01, 2026/05/01, 2026-05-01T10:00 (local), 2026-05-01T10:00:00Z, " + relativeForms

// dateLayouts are the dates accepted, read as a whole local day.
var dateLayouts = []string{time.DateOnly, "2006/01/02"}

// localLayouts are the local times of day accepted.
var localLayouts = []string{"2006-01-02T15:04", "2006-01-02T15:04:05", "2006-01-02 15:04", "2006-01-02 15:04:05"}

// maxDaysAgo bounds a relative day (about 270 years).
const maxDaysAgo = 99999

func parseBound(field, s string, loc *time.Location, now time.Time, end bool) (time.Time, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return time.Time{}, nil
	}
	dayStart := func(y int, m time.Month, day int) time.Time {
		if end {
			day++
		}
		return localMidnight(y, m, day, loc).UTC()
	}
	for _, layout := range dateLayouts {
		if d, err := time.Parse(layout, s); err == nil {
			return dayStart(d.Date()), nil
		}
	}
	instant := func(t time.Time) time.Time {
		if end {
			t = t.Add(time.Nanosecond)
		}
		return t.UTC()
	}
	if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
		return instant(t), nil
	}
	for _, layout := range localLayouts {
		if t, err := time.ParseInLocation(layout, s, loc); err == nil {
			return instant(t), nil
		}
	}
	ago, err := daysAgo(field, s)
	if err != nil {
		return time.Time{}, err
	}
	y, m, d := now.In(loc).Date()
	return dayStart(y, m, d-ago), nil
}

// daysAgo reads a day relative to today: today, yesterday, Nd, Nw, or
// the same spelled out ("3 days ago", "1 week ago", "2 weeks").
func daysAgo(field, s string) (int, error) {
	v := spelledDays(strings.ToLower(s))
	switch v {
	case "today":
		return 0, nil
	case "yesterday":
		return 1, nil
	}
	bad := func(why string) error {
		return invalidArg(field, fmt.Sprintf("%s %q %s", field, s, why))
	}
	neither := bad("is neither a date nor a time: try " + dateExamples)
	if len(v) < 2 {
		return 0, neither
	}
	digits, unit := v[:len(v)-1], v[len(v)-1]
	n, err := strconv.Atoi(digits)
	if err != nil || n < 0 || digits[0] == '+' || digits[0] == '-' {
		return 0, neither
	}
	switch unit {
	case 'd':
	case 'w':
		n *= 7
	case 'h', 'm', 's':
		return 0, bad("counts hours, minutes or seconds: a relative value counts whole local days (" + relativeForms + ")")
	default:
		return 0, neither
	}
	if n > maxDaysAgo {
		return 0, bad(fmt.Sprintf("is more than %d days ago", maxDaysAgo))
	}
	return n, nil
}

// spelledDays rewrites "3 days ago", "1 week ago" or "2 weeks" as 3d, 1w
// or 2w; anything else is returned as it is.
func spelledDays(v string) string {
	f := strings.Fields(v)
	if len(f) == 3 && f[2] == "ago" {
		f = f[:2]
	}
	if len(f) != 2 {
		return v
	}
	switch f[1] {
	case "day", "days":
		return f[0] + "d"
	case "week", "weeks":
		return f[0] + "w"
	case "hour", "hours":
		return f[0] + "h"
	case "minute", "minutes":
		return f[0] + "m"
	}
	return v
}

// localMidnight returns the first instant of a day on loc's clock. Where
// the clock jumps over midnight (a DST change at 00:00), the day starts at
// the jump, not in the hour before it.
func localMidnight(y int, m time.Month, d int, loc *time.Location) time.Time {
	t := time.Date(y, m, d, 0, 0, 0, 0, loc)
	want := time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
	ly, lm, ld := t.Date()
	if time.Date(ly, lm, ld, 0, 0, 0, 0, time.UTC).Before(want) {
		_, end := t.ZoneBounds()
		if !end.IsZero() {
			return end
		}
	}
	return t
}

// LocalTime formats t on loc's clock with its UTC offset
// (2026-11-30T09:15:02+01:00); the zero time formats as "".
func LocalTime(t time.Time, loc *time.Location) string {
	if t.IsZero() {
		return ""
	}
	if loc == nil {
		loc = time.Local
	}
	return t.In(loc).Format(time.RFC3339)
}
