package providertest

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"testing"

	"hansard/transcripts"
)

// ParseEvery has p discover its transcripts under the roots env names and
// parses each one whole, from the start, into sink; warn receives the
// discovery warnings. It stops at the first error.
func ParseEvery(ctx context.Context, p transcripts.Provider, env transcripts.Env, warn func(path string, err error), sink transcripts.Sink) error {
	err := p.Discover(ctx, p.Roots(env), warn, func(src transcripts.Source) error {
		f, err := os.Open(src.Path)
		if err != nil {
			return err
		}
		defer f.Close()
		_, err = p.Parse(ctx, src, f, transcripts.Checkpoint{}, sink)
		return err
	})
	if err != nil {
		return fmt.Errorf("%s transcripts: %w", p.Name(), err)
	}
	return nil
}

// ParseFrom parses data[cp.Offset:] as src from checkpoint cp into a new
// Collector and returns it with the checkpoint Parse returned; a Parse
// error fails t.
func ParseFrom(t testing.TB, p transcripts.Provider, src transcripts.Source, data []byte, cp transcripts.Checkpoint) (*Collector, transcripts.Checkpoint) {
	t.Helper()
	c := &Collector{}
	out, err := p.Parse(context.Background(), src, bytes.NewReader(data[cp.Offset:]), cp, c.Sink())
	if err != nil {
		t.Fatalf("Parse: %v", err)
	}
	return c, out
}

// Repeated returns head, n copies of b, then tail, in one buffer: a file
// with a line of many megabytes (past transcripts.MaxLineBytes), made
// without copying them more than once.
func Repeated(head string, b byte, n int, tail string) []byte {
	out := make([]byte, len(head)+n+len(tail))
	copy(out, head)
	fill := out[len(head) : len(head)+n]
	if n > 0 {
		fill[0] = b
		for k := 1; k < n; k *= 2 {
			copy(fill[k:], fill[:k])
		}
	}
	copy(out[len(head)+n:], tail)
	return out
}
