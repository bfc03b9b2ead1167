package main

import "testing"

// TestShowCommandNamesTheWholeID: the open command of a session opens that
// session, whatever others share the first characters of its id.
func TestShowCommandNamesTheWholeID(t *testing.T) {
	t.Parallel()
	for id, want := range map[string]string{
		"019cb84c-6d2e-7a31-9f00-3c1b2a4d5e6f":   "hansard show 019cb84c-6d2e-7a31-9f00-3c1b2a4d5e6f --around 4",
		"019cb84c-6d2e-7a31-9f00-3c1b2a4d5e6f~1": "hansard show 019cb84c-6d2e-7a31-9f00-3c1b2a4d5e6f~1 --around 4",
	} {
		if got := showCommand(id, 4); got != want {
			t.Errorf("showCommand(%q) = %q, want %q", id, got, want)
		}
	}
}
