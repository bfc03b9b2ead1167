package main

import (
	"context"
	"errors"
	"fmt"
)

// learnMeaningModel learns the local model of meaning search from the
// archive's messages when it is due (none yet and enough text, or an
// archive grown enough since). A failure is a warning: the transcripts
// are indexed, and the next run tries again.
func learnMeaningModel(ctx context.Context, app *App) error {
	res, err := app.Host().LearnMeaningModel(ctx)
	if errors.Is(err, context.Canceled) {
		return err
	}
	if err != nil {
		app.warn(warnMeaningModel, fmt.Sprintf("the meaning model: %v (the next run tries again)", err))
		return nil
	}
	if res.Learned {
		fmt.Fprintf(app.Streams.Out, "meaning model: learned %d words from %d messages in %.1f s (%s)\n",
			res.Words, res.Info.Texts, res.Took.Seconds(), res.Path)
	}
	return nil
}
