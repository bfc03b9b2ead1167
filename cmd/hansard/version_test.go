package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

func TestVersionFlag(t *testing.T) {
	t.Parallel()
	var out, errOut bytes.Buffer
	code := run(context.Background(), []string{"--version"}, streams{In: strings.NewReader(""), Out: &out, Err: &errOut}, func(string) string { return "" })
	if code != 0 || !strings.HasPrefix(out.String(), "hansard version ") || strings.TrimSpace(strings.TrimPrefix(out.String(), "hansard version ")) == "" {
		t.Errorf("--version: exit %d, out %q, err %q", code, out.String(), errOut.String())
	}
}
