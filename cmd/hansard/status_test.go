package main

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"hansard/archive"
	"hansard/recall"
)

// TestStatusShowsLocalTime checks that the last refresh is shown as every
// readable answer shows a time: on the answers' clock, to the minute, with
// how long ago it was.
func TestStatusShowsLocalTime(t *testing.T) {
	t.Parallel()
	at := time.Date(2026, 11, 30, 8, 15, 2, 0, time.UTC)
	now := func() time.Time { return at.Add(3 * time.Hour) }
	for _, tc := range []struct {
		loc  *time.Location
		want string
	}{
		{time.FixedZone("CET", 3600), "2026-11-30 09:15 (3 hours ago)"},
		{time.UTC, "2026-11-30 08:15 (3 hours ago)"},
		{time.FixedZone("EST", -5*3600), "2026-11-30 03:15 (3 hours ago)"},
	} {
		var b bytes.Buffer
		if err := printStatus(&b, painter{now: now, loc: tc.loc}, archive.Status{LastRefresh: &at}, recall.MeaningStatus{}, ""); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(b.String(), "last refresh  "+tc.want+"\n") {
			t.Errorf("%s: status shows\n%s\nwant %s", tc.loc, b.String(), tc.want)
		}
	}
}

// TestStatusShowsKeptHistory checks that earlier generations of files and
// sessions stored under another id are listed.
func TestStatusShowsKeptHistory(t *testing.T) {
	t.Parallel()
	st := archive.Status{
		Providers:          []archive.ProviderStatus{{Provider: "claude", Sessions: 3, Sources: 2, EarlierGenerations: 1}},
		EarlierGenerations: []archive.KeptGeneration{{Provider: "claude", Path: "/h/s1.jsonl", Generation: 1, Sessions: 1, Messages: 40}},
		RenamedSessions:    []archive.RenamedSession{{SessionID: "s1", StoredID: "s1~2", Path: "/h/s1.jsonl"}},
		ShorterFiles:       []archive.ShorterFile{{Path: "/h/s2.jsonl", Size: 2 << 20, Archived: 3 << 20}},
	}
	var b bytes.Buffer
	if err := printStatus(&b, painter{}, st, recall.MeaningStatus{}, ""); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"earlier generations",
		"  /h/s1.jsonl #1: 1 session, 40 messages\n",
		"  s1  as s1~2  /h/s1.jsonl\n",
		"  /h/s2.jsonl: 2.0 MB of 3.0 MB\n",
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("status shows\n%s\nwant %q", b.String(), want)
		}
	}
}
