package recall

import (
	"strings"
	"testing"
	"time"
	_ "time/tzdata" // zones for the DST cases, whatever the machine has
)

func mustZone(t *testing.T, name string) *time.Location {
	t.Helper()
	loc, err := time.LoadLocation(name)
	if err != nil {
		t.Fatal(err)
	}
	return loc
}

func TestParseTimeRange(t *testing.T) {
	t.Parallel()
	utc := time.UTC
	paris := mustZone(t, "Europe/Paris")
	ny := mustZone(t, "America/New_York")
	kolkata := mustZone(t, "Asia/Kolkata")
	lordHowe := mustZone(t, "Australia/Lord_Howe") // DST shift of 30 minutes
	saoPaulo := mustZone(t, "America/Sao_Paulo")   // 2018: DST began at midnight
	ts := func(s string) time.Time {
		v, err := time.Parse(time.RFC3339Nano, s)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	tests := []struct {
		name         string
		since, until string
		loc          *time.Location
		wantSince    string
		wantUntil    string
		wantLen      time.Duration // for a single day: until - since
	}{
		{name: "open", loc: utc},
		{name: "utc day", since: "2026-11-30", until: "2026-11-30", loc: utc, wantSince: "2026-11-30T00:00:00Z", wantUntil: "2026-12-01T00:00:00Z", wantLen: 24 * time.Hour},
		{name: "paris winter day", since: "2026-11-30", until: "2026-11-30", loc: paris, wantSince: "2026-11-29T23:00:00Z", wantUntil: "2026-11-30T23:00:00Z", wantLen: 24 * time.Hour},
		{name: "paris spring forward", since: "2026-03-29", until: "2026-03-29", loc: paris, wantSince: "2026-03-28T23:00:00Z", wantUntil: "2026-03-29T22:00:00Z", wantLen: 23 * time.Hour},
		{name: "paris fall back", since: "2026-10-25", until: "2026-10-25", loc: paris, wantSince: "2026-10-24T22:00:00Z", wantUntil: "2026-10-25T23:00:00Z", wantLen: 25 * time.Hour},
		{name: "new york spring forward", since: "2026-03-08", until: "2026-03-08", loc: ny, wantSince: "2026-03-08T05:00:00Z", wantUntil: "2026-03-09T04:00:00Z", wantLen: 23 * time.Hour},
		{name: "new york fall back", since: "2026-11-01", until: "2026-11-01", loc: ny, wantLen: 25 * time.Hour},
		{name: "half-hour zone", since: "2026-06-01", until: "2026-06-01", loc: kolkata, wantSince: "2026-05-31T18:30:00Z", wantLen: 24 * time.Hour},
		{name: "lord howe half-hour shift", since: "2026-04-05", until: "2026-04-05", loc: lordHowe, wantLen: 24*time.Hour + 30*time.Minute},
		{name: "midnight that does not exist", since: "2018-11-04", until: "2018-11-04", loc: saoPaulo, wantSince: "2018-11-04T03:00:00Z", wantUntil: "2018-11-05T02:00:00Z", wantLen: 23 * time.Hour},
		{name: "several days", since: "2026-11-01", until: "2026-11-03", loc: utc, wantLen: 72 * time.Hour},
		{name: "rfc3339 since and until inclusive", since: "2026-11-30T09:15:02+01:00", until: "2026-11-30T10:00:00Z", loc: paris, wantSince: "2026-11-30T08:15:02Z", wantUntil: "2026-11-30T10:00:00.000000001Z"},
		{name: "since only", since: "2026-11-30", loc: ny, wantSince: "2026-11-30T05:00:00Z"},
		{name: "until only", until: "2026-11-30", loc: ny, wantUntil: "2026-12-01T05:00:00Z"},
		{name: "spaces trimmed", since: " 2026-11-30 ", loc: utc, wantSince: "2026-11-30T00:00:00Z"},
	}
	for _, tt := range tests {
		r, err := ParseTimeRange(tt.since, tt.until, tt.loc, time.Time{})
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		if tt.wantSince != "" && !r.Since.Equal(ts(tt.wantSince)) {
			t.Errorf("%s: since %s, want %s", tt.name, r.Since, tt.wantSince)
		}
		if tt.wantUntil != "" && !r.Until.Equal(ts(tt.wantUntil)) {
			t.Errorf("%s: until %s, want %s", tt.name, r.Until, tt.wantUntil)
		}
		if tt.wantLen != 0 && r.Until.Sub(r.Since) != tt.wantLen {
			t.Errorf("%s: range of %s, want %s", tt.name, r.Until.Sub(r.Since), tt.wantLen)
		}
		if r.Since.Location() != time.UTC || r.Until.Location() != time.UTC {
			t.Errorf("%s: bounds not in UTC", tt.name)
		}
	}
}

func TestParseTimeRangeErrors(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct{ since, until, field string }{
		{"soon", "", "since"},
		{"", "2026-13-01", "until"},
		{"2026-11-30T25:00:00Z", "", "since"},
		{"11/30/2026", "", "since"},
		{"2026-12-02", "2026-12-01", "until"},
		{"2026-12-01T10:00:00Z", "2026-12-01T09:00:00Z", "until"},
	} {
		_, err := ParseTimeRange(tt.since, tt.until, time.UTC, time.Time{})
		e, ok := err.(*Error)
		if !ok || e.Code != CodeInvalidArgument || e.Field != tt.field {
			t.Errorf("since %q until %q: got %v, want invalid_argument on %s", tt.since, tt.until, err, tt.field)
		}
	}
}

// TestParseRelativeDays: today, yesterday, Nd and Nw name local days
// counted back from a fixed now, and cover them as dates do.
func TestParseRelativeDays(t *testing.T) {
	t.Parallel()
	paris := mustZone(t, "Europe/Paris")
	ny := mustZone(t, "America/New_York")
	tokyo := mustZone(t, "Asia/Tokyo")
	ts := func(s string) time.Time {
		if s == "" {
			return time.Time{} // an open bound
		}
		v, err := time.Parse(time.RFC3339, s)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	afterSpring := ts("2026-03-30T10:00:00+02:00") // Paris moved to summer time on 29 March
	lateUTC := ts("2026-12-01T23:30:00Z")          // 1 December in New York, 2 December in Tokyo
	tests := []struct {
		name, since, until   string
		loc                  *time.Location
		now                  time.Time
		wantSince, wantUntil string
	}{
		{"today", "today", "today", paris, afterSpring, "2026-03-29T22:00:00Z", "2026-03-30T22:00:00Z"},
		{"yesterday is 23 hours long", "yesterday", "yesterday", paris, afterSpring, "2026-03-28T23:00:00Z", "2026-03-29T22:00:00Z"},
		{"days ago", "7d", "1d", paris, afterSpring, "2026-03-22T23:00:00Z", "2026-03-29T22:00:00Z"},
		{"weeks ago", "2w", "", paris, afterSpring, "2026-03-15T23:00:00Z", ""},
		{"0d is today", "0d", "0d", paris, afterSpring, "2026-03-29T22:00:00Z", "2026-03-30T22:00:00Z"},
		{"the local day, not UTC's: west", "today", "", ny, lateUTC, "2026-12-01T05:00:00Z", ""},
		{"the local day, not UTC's: east", "today", "", tokyo, lateUTC, "2026-12-01T15:00:00Z", ""},
		{"any case and spaces", " Yesterday ", "TODAY", tokyo, lateUTC, "2026-11-30T15:00:00Z", "2026-12-02T15:00:00Z"},
		{"across a month", "3d", "", ny, lateUTC, "2026-11-28T05:00:00Z", ""},
		{"mixed with a date", "2w", "2026-12-01", ny, lateUTC, "2026-11-17T05:00:00Z", "2026-12-02T05:00:00Z"},
	}
	for _, tt := range tests {
		r, err := ParseTimeRange(tt.since, tt.until, tt.loc, tt.now)
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		for _, b := range []struct {
			what      string
			got, want time.Time
		}{{"since", r.Since, ts(tt.wantSince)}, {"until", r.Until, ts(tt.wantUntil)}} {
			if !b.got.Equal(b.want) {
				t.Errorf("%s: %s %s, want %s", tt.name, b.what, b.got, b.want)
			}
		}
	}
}

func TestParseRelativeDaysErrors(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
	for _, tt := range []struct {
		bounds     [2]string // since, until
		field, msg string
	}{
		{[2]string{"3h", ""}, "since", "counts hours"},
		{[2]string{"", "90m"}, "until", "counts hours"},
		{[2]string{"-2d", ""}, "since", "neither a date"},
		{[2]string{"+2d", ""}, "since", "neither a date"},
		{[2]string{"1.5d", ""}, "since", "neither a date"},
		{[2]string{"7x", ""}, "since", "neither a date"},
		{[2]string{"d", ""}, "since", "neither a date"},
		{[2]string{"100000d", ""}, "since", "more than 99999 days"},
		{[2]string{"tomorrow", ""}, "since", "neither a date"},
		{[2]string{"today", "yesterday"}, "until", "is not after"},
		{[2]string{"1d", "2d"}, "until", "is not after"},
	} {
		_, err := ParseTimeRange(tt.bounds[0], tt.bounds[1], time.UTC, now)
		e, ok := err.(*Error)
		if !ok || e.Code != CodeInvalidArgument || e.Field != tt.field || !strings.Contains(e.Message, tt.msg) {
			t.Errorf("since, until %q: got %v, want invalid_argument on %s saying %q", tt.bounds, err, tt.field, tt.msg)
		}
	}
}

func TestTimeRangeContains(t *testing.T) {
	t.Parallel()
	r, _ := ParseTimeRange("2026-03-29", "2026-03-29", mustZone(t, "Europe/Paris"), time.Time{})
	in := time.Date(2026, 3, 29, 23, 59, 59, 0, mustZone(t, "Europe/Paris"))
	out := time.Date(2026, 3, 30, 0, 0, 0, 0, mustZone(t, "Europe/Paris"))
	before := time.Date(2026, 3, 28, 23, 59, 59, 0, mustZone(t, "Europe/Paris"))
	if !r.Contains(in) || r.Contains(out) || r.Contains(before) {
		t.Errorf("Contains wrong around a DST day: %v %v %v", r.Contains(in), r.Contains(out), r.Contains(before))
	}
}

func TestLocalTime(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 11, 30, 8, 15, 2, 0, time.UTC)
	if got := LocalTime(at, mustZone(t, "Europe/Paris")); got != "2026-11-30T09:15:02+01:00" {
		t.Errorf("got %s", got)
	}
	if got := LocalTime(at, mustZone(t, "America/New_York")); got != "2026-11-30T03:15:02-05:00" {
		t.Errorf("got %s", got)
	}
	if got := LocalTime(time.Time{}, time.UTC); got != "" {
		t.Errorf("zero time gave %q", got)
	}
}
