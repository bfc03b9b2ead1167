package main

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// refreshVectors computes the vectors of meaning search for the messages
// archived since the last run, when there is an embedder: an endpoint
// configured, else the local model index learned.
// A failure (the endpoint down) is a warning: the transcripts are indexed,
// and the next run goes on where this one stopped.
func refreshVectors(ctx context.Context, app *App) error {
	if !app.Host().MeaningEnabled(ctx) {
		return nil
	}
	start := time.Now()
	res, err := app.Host().RefreshVectors(ctx, true, 0)
	if errors.Is(err, context.Canceled) {
		return err
	}
	if res.Rebuilt {
		fmt.Fprintln(app.Streams.Out, "vectors: the embedding model changed; every message is embedded again")
	}
	if res.Messages > 0 {
		fmt.Fprintf(app.Streams.Out, "vectors: embedded %d %s (%d %s) in %.1f s; %d of %d messages have vectors\n",
			res.Messages, plural(res.Messages, "message", "messages"), res.Passages, plural(res.Passages, "passage", "passages"),
			time.Since(start).Seconds(), res.Done, res.Total)
	}
	if err != nil {
		app.warn(warnVectors, fmt.Sprintf("vectors for meaning search: %v (the next run goes on from here)", err))
	}
	return nil
}
