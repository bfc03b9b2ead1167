package recall

import (
	"fmt"
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
// time, or a date (2026-11-30) that covers that whole day on loc's clock:
// since a date starts at its local midnight, until a date ends at the next
// local midnight, whatever the day's length (23 or 25 hours across DST).
// An RFC 3339 until includes that instant.
func ParseTimeRange(since, until string, loc *time.Location) (TimeRange, error) {
	if loc == nil {
		loc = time.Local
	}
	var r TimeRange
	var err error
	if r.Since, err = parseBound("since", since, loc, false); err != nil {
		return TimeRange{}, err
	}
	if r.Until, err = parseBound("until", until, loc, true); err != nil {
		return TimeRange{}, err
	}
	if !r.Since.IsZero() && !r.Until.IsZero() && !r.Since.Before(r.Until) {
		return TimeRange{}, invalidArg("until", fmt.Sprintf("until (%s) is not after since (%s)", until, since))
	}
	return r, nil
}

func parseBound(field, s string, loc *time.Location, end bool) (time.Time, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return time.Time{}, nil
	}
	if d, err := time.Parse(time.DateOnly, s); err == nil {
		y, m, day := d.Date()
		if end {
			day++
		}
		return localMidnight(y, m, day, loc).UTC(), nil
	}
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return time.Time{}, invalidArg(field, fmt.Sprintf("%s %q is neither a date (2006-01-02) nor an RFC 3339 time (2006-01-02T15:04:05Z07:00)", field, s))
	}
	if end {
		t = t.Add(time.Nanosecond)
	}
	return t.UTC(), nil
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
