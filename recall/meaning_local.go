package recall

import (
	"context"
	"errors"
	"io/fs"
	"path/filepath"
	"strings"
	"time"

	"hansard/archive"
	"hansard/embed/local"
)

// The local meaning model (embed/local) is learned from the archive's own
// messages, with nothing downloaded or sent, and kept in the archive's
// folder (local.FileName, mode 0600). hansard index learns it
// (LearnMeaningModel) once the archive holds enough messages, and again
// each time their number has grown local.Growth times.

// MeaningModelPath is the file of an archive's local meaning model.
func MeaningModelPath(a *archive.Archive) string { return filepath.Join(a.Dir(), local.FileName) }

// MeaningModelResult says what LearnMeaningModel did.
type MeaningModelResult struct {
	// Learned is set when a model was learned and saved now.
	Learned bool
	// Messages is the number of messages the archive holds.
	Messages int64
	// Info and Words describe the model in use after the call (zero
	// without one).
	Info  local.TrainInfo
	Words int
	Took  time.Duration
	Path  string
}

// meaningListLimit bounds the sessions one listing returns.
const meaningListLimit = 1 << 30

// LearnMeaningModel learns the archive's local meaning model when it is
// due (local.Due): none yet, or an archive grown enough since. A damaged
// model file is learned again. An archive with too little text keeps
// none, without an error.
func (h *Host) LearnMeaningModel(ctx context.Context) (MeaningModelResult, error) {
	a, err := h.Archive(ctx)
	if err != nil {
		return MeaningModelResult{}, err
	}
	return learnMeaningModel(ctx, a, local.Options{})
}

func learnMeaningModel(ctx context.Context, a *archive.Archive, opts local.Options) (MeaningModelResult, error) {
	res := MeaningModelResult{Path: MeaningModelPath(a)}
	sessions, err := a.ListSessions(ctx, archive.SearchFilter{IncludeSubagents: true}, meaningListLimit, 0)
	if err != nil {
		return res, internal("list sessions", err)
	}
	for _, s := range sessions {
		res.Messages += int64(s.Messages)
	}
	var trained int64
	prev, err := local.Load(res.Path)
	switch {
	case err == nil:
		trained, res.Info, res.Words = prev.Info().Archived, prev.Info(), prev.Words()
	case errors.Is(err, fs.ErrNotExist), errors.Is(err, local.ErrBadFile):
	default:
		return res, internal("read the meaning model", err)
	}
	if !local.Due(trained, res.Messages) {
		return res, nil
	}
	start := time.Now()
	opts.Archived = res.Messages
	m, err := local.Train(ctx, func(fn func(string) error) error {
		return meaningTexts(ctx, a, sessions, func(_, text string) error { return fn(text) })
	}, opts)
	if errors.Is(err, local.ErrTooLittleText) {
		return res, nil
	}
	if err != nil {
		if ctx.Err() != nil {
			return res, ctx.Err()
		}
		return res, internal("learn the meaning model", err)
	}
	if err := m.Save(res.Path); err != nil {
		return res, internal("save the meaning model", err)
	}
	res.Learned, res.Info, res.Words, res.Took = true, m.Info(), m.Words(), time.Since(start)
	return res, nil
}

// LoadMeaningModel returns the archive's local meaning model; false when
// it has none (or only a damaged file, which the next index replaces).
func LoadMeaningModel(a *archive.Archive) (*local.Model, bool, error) {
	m, err := local.Load(MeaningModelPath(a))
	switch {
	case err == nil:
		return m, true, nil
	case errors.Is(err, fs.ErrNotExist), errors.Is(err, local.ErrBadFile):
		return nil, false, nil
	}
	return nil, false, internal("read the meaning model", err)
}

// meaningMaxChars is how much of one message a local model learns from.
const meaningMaxChars = 16384

// meaningTexts hands fn what people and assistants said in the sessions
// (the first meaningMaxChars characters of each message), message by
// message, in order: the text a local model learns from.
func meaningTexts(ctx context.Context, a *archive.Archive, sessions []archive.SessionInfo, fn func(session, text string) error) error {
	for _, s := range sessions {
		msgs, err := a.ReadMessages(ctx, s.ID, archive.WindowQuery{Roles: []string{"user", "assistant"}, Limit: -1, MaxChars: meaningMaxChars})
		if err != nil {
			return err
		}
		for _, m := range msgs {
			if m.Kind == "meta" || m.Kind == "event" || strings.TrimSpace(m.Text) == "" {
				continue
			}
			if err := fn(s.ID, m.Text); err != nil {
				return err
			}
		}
	}
	return nil
}
