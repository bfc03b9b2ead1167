package local

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
)

// Options are the settings of a training; zero fields take the defaults
// noted.
type Options struct {
	// Dims is the number of dimensions of the vectors (default 128); a
	// vocabulary of fewer than twice as many words gets half its size.
	Dims int
	// Window is how many words on each side of a word count as near it
	// (default 5), weighted by the inverse of their distance.
	Window int
	// MinCount is how often a word must occur to get a vector (default 3).
	MinCount int
	// MaxVocab bounds the words with a vector, the most frequent kept
	// (default 30000).
	MaxVocab int
	// MaxTokens bounds the words read (default 50 million): of more text,
	// the texts handed first are learned from (recall hands the newest
	// sessions first).
	MaxTokens int64
	// Power is the number of power iterations of the range finder
	// (default 3).
	Power int
	// Seed makes the random projection reproducible (default 1).
	Seed uint64
	// Archived is the size of what the texts come from, in the caller's
	// measure (the archive's messages), kept with the model for Due.
	Archived int64
}

func (o Options) withDefaults() Options {
	if o.Dims <= 0 {
		o.Dims = 128
	}
	if o.Window <= 0 {
		o.Window = 5
	}
	if o.MinCount <= 0 {
		o.MinCount = 3
	}
	if o.MaxVocab <= 0 {
		o.MaxVocab = 30000
	}
	if o.MaxTokens <= 0 {
		o.MaxTokens = 50_000_000
	}
	if o.Power <= 0 {
		o.Power = 3
	}
	if o.Seed == 0 {
		o.Seed = 1
	}
	return o
}

// Texts hands every text to learn from to fn, in the same order each time
// it is called (training reads them twice); an error from fn stops it and
// is returned.
type Texts func(fn func(text string) error) error

// ErrTooLittleText is returned when the texts hold too few distinct words
// for the dimensions asked.
var ErrTooLittleText = errors.New("local: too little text to learn from")

// minDims is the fewest dimensions a model has.
const minDims = 8

// smoothing is the exponent of the context words' counts (Levy, Goldberg
// and Dagan 2015): it keeps rare context words from dominating.
const smoothing = 0.75

// Train learns a Model from texts.
func Train(ctx context.Context, texts Texts, opts Options) (*Model, error) {
	o := opts.withDefaults()
	vocab, idf, info, err := countWords(ctx, texts, o)
	if err != nil {
		return nil, err
	}
	info.Archived = o.Archived
	o.Dims = min(o.Dims, len(vocab)/2)
	if o.Dims < minDims {
		return nil, fmt.Errorf("%w: %d words occur %d times or more, %d needed", ErrTooLittleText, len(vocab), o.MinCount, 2*minDims)
	}
	m, err := cooccurrences(ctx, texts, vocab, o)
	if err != nil {
		return nil, err
	}
	vecs, err := wordVectors(ctx, m.ppmi(), len(vocab), o)
	if err != nil {
		return nil, err
	}
	return newModel(o.Dims, vocab, idf, vecs, info), nil
}

// TrainInfo says what a model was learned from.
type TrainInfo struct {
	Texts    int64 // texts read
	Tokens   int64 // words read (stop words left out)
	Archived int64 // Options.Archived
}

type wordStat struct {
	count int64
	df    int32
	last  int64 // the last text that held the word, for df
}

// countWords reads the texts once: the vocabulary, most frequent first
// (ties by the word), and each word's inverse document frequency.
func countWords(ctx context.Context, texts Texts, o Options) ([]string, []float32, TrainInfo, error) {
	stats := map[string]*wordStat{}
	var info TrainInfo
	var buf []string
	err := texts(func(text string) error {
		if info.Tokens >= o.MaxTokens {
			return errStop
		}
		if info.Texts%1024 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		info.Texts++
		buf = Words(text, buf[:0])
		info.Tokens += int64(len(buf))
		for _, w := range buf {
			s := stats[w]
			if s == nil {
				s = &wordStat{last: -1}
				stats[strings.Clone(w)] = s
			}
			s.count++
			if s.last != info.Texts {
				s.last = info.Texts
				s.df++
			}
		}
		return nil
	})
	if err != nil && !errors.Is(err, errStop) {
		return nil, nil, info, err
	}
	var vocab []string
	for w, s := range stats {
		if s.count >= int64(o.MinCount) {
			vocab = append(vocab, w)
		}
	}
	slices.SortFunc(vocab, func(a, b string) int {
		if d := stats[b].count - stats[a].count; d != 0 {
			if d > 0 {
				return 1
			}
			return -1
		}
		return strings.Compare(a, b)
	})
	if len(vocab) > o.MaxVocab {
		vocab = vocab[:o.MaxVocab]
	}
	idf := make([]float32, len(vocab))
	for i, w := range vocab {
		idf[i] = float32(math.Log(float64(info.Texts+1) / float64(stats[w].df)))
	}
	return vocab, idf, info, nil
}

// errStop ends a reading of the texts early.
var errStop = errors.New("stop")
