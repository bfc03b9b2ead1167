package recall

import (
	"strings"
	"testing"
	"time"
)

// TestParseTimeRangeForms checks the forms people type besides RFC 3339
// times and ISO dates: slashed dates, local times of day and days spelled
// out.
func TestParseTimeRangeForms(t *testing.T) {
	t.Parallel()
	paris := mustZone(t, "Europe/Paris")
	now := time.Date(2026, 5, 10, 12, 0, 0, 0, paris)
	midnight := func(d int) time.Time { return time.Date(2026, 5, d, 0, 0, 0, 0, paris).UTC() }
	for _, tt := range []struct {
		since string
		want  time.Time
	}{
		{"2026/05/01", midnight(1)},
		{" 2026-05-01 ", midnight(1)},
		{"2026-05-01T10:00", time.Date(2026, 5, 1, 10, 0, 0, 0, paris).UTC()},
		{"2026-05-01 10:00", time.Date(2026, 5, 1, 10, 0, 0, 0, paris).UTC()},
		{"2026-05-01T10:00:30", time.Date(2026, 5, 1, 10, 0, 30, 0, paris).UTC()},
		{"3 days ago", midnight(7)},
		{"3 Days Ago", midnight(7)},
		{"1 day ago", midnight(9)},
		{"2 weeks ago", midnight(-4)},
		{"1 week", midnight(3)},
		{"3d", midnight(7)},
	} {
		r, err := ParseTimeRange(tt.since, "", paris, now)
		if err != nil || !r.Since.Equal(tt.want) {
			t.Errorf("since %q: %v, %v; want %v", tt.since, r.Since, err, tt.want)
		}
	}
	r, err := ParseTimeRange("", "2026-05-01T10:00", paris, now)
	if want := time.Date(2026, 5, 1, 10, 0, 0, 1, paris).UTC(); err != nil || !r.Until.Equal(want) {
		t.Errorf("until a local time includes it: %v, %v", r.Until, err)
	}
	r, err = ParseTimeRange("", "2026/05/01", paris, now)
	if err != nil || !r.Until.Equal(midnight(2)) {
		t.Errorf("until a slashed date ends with its day: %v, %v", r.Until, err)
	}
}

func TestParseTimeRangeErrorsShowExamples(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 5, 10, 12, 0, 0, 0, time.UTC)
	for _, s := range []string{"soon", "2026-05-32", "3 hours ago", "05/01/2026"} {
		_, err := ParseTimeRange(s, "", time.UTC, now)
		if err == nil {
			t.Errorf("since %q: no error", s)
			continue
		}
		msg := err.Error()
		if strings.Contains(msg, "2006") || strings.Contains(msg, "15:04") || strings.Contains(msg, "Z07") {
			t.Errorf("since %q: the error shows Go's reference layout: %s", s, msg)
		}
		if !strings.Contains(msg, "3 days ago") {
			t.Errorf("since %q: the error shows no example: %s", s, msg)
		}
	}
}
