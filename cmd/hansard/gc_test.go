package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// TestWhyIsShortLived checks that why tunes the process for a short query
// when main asks for it, and that other commands do not.
func TestWhyIsShortLived(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		args []string
		want bool
	}{
		{[]string{"why", "no-such-file.go:1"}, true},
		{[]string{"--version"}, false},
	} {
		called := false
		var out, errOut bytes.Buffer
		app := &App{Streams: streams{In: strings.NewReader(""), Out: &out, Err: &errOut},
			Getenv: func(string) string { return "" }, ShortLived: func() { called = true }}
		runApp(context.Background(), app, c.args)
		if called != c.want {
			t.Errorf("%v: short-lived tuning called = %v, want %v", c.args, called, c.want)
		}
	}
}
