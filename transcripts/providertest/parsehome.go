package providertest

import (
	"context"
	"fmt"
	"os"

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
