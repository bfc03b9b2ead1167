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
// time, a date (2026-11-30), or a day relative to now on loc's clock:
// today, yesterday, Nd (the day N days ago) or Nw (N weeks ago). A day
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
const relativeForms = "today, yesterday, 7d, 2w"

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
	if d, err := time.Parse(time.DateOnly, s); err == nil {
		return dayStart(d.Date()), nil
	}
	if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
		if end {
			t = t.Add(time.Nanosecond)
		}
		return t.UTC(), nil
	}
	ago, err := daysAgo(field, s)
	if err != nil {
		return time.Time{}, err
	}
	y, m, d := now.In(loc).Date()
	return dayStart(y, m, d-ago), nil
}

// daysAgo reads a day relative to today: today, yesterday, Nd or Nw.
func daysAgo(field, s string) (int, error) {
	v := strings.ToLower(s)
	switch v {
	case "today":
		return 0, nil
	case "yesterday":
		return 1, nil
	}
	bad := func(why string) error {
		return invalidArg(field, fmt.Sprintf("%s %q %s", field, s, why))
	}
	neither := bad("is neither a date (2006-01-02, or " + relativeForms + ") nor an RFC 3339 time (2006-01-02T15:04:05Z07:00)")
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
