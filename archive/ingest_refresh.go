package archive

import (
	"context"
	"errors"
	"fmt"
	"os"
	"runtime"
	"sync"
	"time"

	"golang.org/x/sync/errgroup"

	"hansard/transcripts"
)

// RefreshOptions control one Refresh.
type RefreshOptions struct {
	// Rebuild re-parses every source from its retained copy (and then reads
	// what its original gained since), replacing its rows.
	Rebuild bool
	// Progress is called from one goroutine every 100 ms and once at the end.
	Progress func(Progress)
	// Warn receives one line per file or folder that had trouble.
	Warn func(string)
	// Workers bounds the files parsed at once (GOMAXPROCS when 0).
	Workers int
	// NoWait returns at once, with Busy set, when another process is
	// writing the archive (a query answers from what is there).
	NoWait bool
}

// RefreshResult says what a Refresh did.
type RefreshResult struct {
	Paused    bool  `json:"paused"` // nothing was read: indexing is paused
	Busy      bool  `json:"busy"`   // nothing was read: another process is writing (NoWait)
	Sources   int   `json:"sources"`
	Unchanged int   `json:"unchanged"`
	Appended  int   `json:"appended"` // read from their checkpoint
	Reread    int   `json:"reread"`   // read whole (new, shrunk or rewritten)
	Rebuilt   int   `json:"rebuilt"`  // re-parsed from the retained copy
	Deleted   int   `json:"deleted"`  // newly found gone
	Failed    int   `json:"failed"`
	Sessions  int   `json:"sessions"`  // sessions written, subagents included
	Subagents int   `json:"subagents"` // of Sessions, those that are subagents
	Bytes     int64 `json:"bytes"`     // transcript bytes read
	// Problems counts the unusable lines met in this run by kind.
	Problems map[string]int `json:"problems,omitempty"`
	Elapsed  time.Duration  `json:"elapsed"`
	// WriterBusy is the time the writer spent writing (not waiting for
	// parsed records): close to Elapsed when the database is the limit.
	WriterBusy time.Duration `json:"writer_busy"`
	// Generations counts the files that were rewritten (or shrank to what
	// they did not hold), read whole as a new generation with the earlier
	// one kept (among Reread).
	Generations int `json:"generations"`
}

// ProblemLines is the number of lines skipped in the run.
func (r RefreshResult) ProblemLines() int {
	n := 0
	for _, c := range r.Problems {
		n += c
	}
	return n
}

// Refresh brings the archive up to date with the providers' files. Unchanged
// files are not opened; grown files are read from their checkpoint; files
// cut to a prefix of what was read hold nothing new; files that shrank
// otherwise or were rewritten are read whole as a new generation, the
// earlier one kept; files that are gone leave their sessions in place,
// marked source_deleted. Cancelling ctx leaves a
// consistent archive that the next Refresh continues. When the snapshot
// the last refresh left shows nothing changed, it neither lists a folder
// nor takes the write lock (see quickUnchanged).
func (a *Archive) Refresh(ctx context.Context, providers []transcripts.Provider, env transcripts.Env, opts RefreshOptions) (RefreshResult, error) {
	start := time.Now()
	var res RefreshResult
	paused, err := a.Paused(ctx)
	if err != nil {
		return res, err
	}
	if paused {
		res.Paused = true
		return res, nil
	}
	var quick quickCheck
	if !opts.Rebuild {
		if quick = a.quickUnchanged(ctx, providers, env); quick.unchanged() {
			res.Sources = len(quick.snap.files)
			res.Unchanged = res.Sources
			if err := a.stampRefresh(); err != nil {
				return res, err
			}
			res.Elapsed = time.Since(start)
			return res, nil
		}
	}
	unlock, err := a.lock(ctx, !opts.NoWait)
	if errors.Is(err, errBusy) {
		res.Busy = true
		return res, nil
	}
	if err != nil {
		return res, err
	}
	defer unlock()

	// The snapshot goes before anything is written, and comes back only
	// once the refresh has succeeded.
	if err := a.dropSnapshot(); err != nil {
		return res, err
	}
	scanStart := a.now()
	warn := lockedWarn(opts.Warn)
	rebuild := providers
	if !opts.Rebuild {
		if rebuild, err = a.upgradedProviders(ctx, providers); err != nil {
			return res, err
		}
	}
	if err := a.markRebuild(ctx, rebuild); err != nil {
		return res, err
	}
	restore, err := a.beginRedactionChange(ctx, func() error { return a.markRebuild(ctx, providers) })
	if err != nil {
		return res, err
	}
	if restore {
		rebuild = providers
	}
	// Only files changed since the snapshot: they are the jobs, and no
	// folder is listed.
	var jobs []*job
	var planned bool
	if len(rebuild) == 0 {
		if jobs, planned, err = a.planChanged(ctx, quick, providers, &res); err != nil {
			return res, err
		}
	}
	var scanErrors int
	if !planned {
		if jobs, scanErrors, err = a.plan(ctx, providers, env, warn, &res); err != nil {
			return res, err
		}
	}
	if len(jobs) > 0 {
		if err := a.run(ctx, jobs, warn, opts, &res); err != nil {
			res.Elapsed = time.Since(start)
			return res, err
		}
	}
	if res.Generations > 0 {
		if err := a.rebuildKept(ctx, providers, warn, opts, &res); err != nil {
			res.Elapsed = time.Since(start)
			return res, err
		}
	}
	if restore && res.Failed == 0 {
		if err := a.finishRedactionChange(ctx); errors.Is(err, errWALInUse) {
			warn(err.Error())
		} else if err != nil {
			return res, err
		}
	}
	if err := a.stampRefresh(); err != nil {
		return res, err
	}
	if scanErrors == 0 && res.Failed == 0 {
		if err := a.saveSnapshot(ctx, providers, env, scanStart, quick, planned); err != nil {
			warn(err.Error()) // only the next refresh's shortcut is lost
		}
	}
	res.Elapsed = time.Since(start)
	return res, nil
}

// rebuildKept rebuilds the earlier generations a rebuild kept in this run
// (it found their files rewritten), adding what it did to res.
func (a *Archive) rebuildKept(ctx context.Context, providers []transcripts.Provider, warn func(string), opts RefreshOptions, res *RefreshResult) error {
	jobs, err := a.keptRebuilds(ctx, providers)
	if err != nil || len(jobs) == 0 {
		return err
	}
	var more RefreshResult
	err = a.run(ctx, jobs, warn, opts, &more)
	res.Rebuilt += more.Rebuilt
	res.Failed += more.Failed
	res.Sessions += more.Sessions
	res.Subagents += more.Subagents
	res.Bytes += more.Bytes
	for k, n := range more.Problems {
		if res.Problems == nil {
			res.Problems = make(map[string]int)
		}
		res.Problems[k] += n
	}
	return err
}

func lockedWarn(warn func(string)) func(string) {
	if warn == nil {
		return func(string) {}
	}
	var mu sync.Mutex
	return func(s string) {
		mu.Lock()
		defer mu.Unlock()
		warn(s)
	}
}

// run parses jobs in parallel and applies their records with one writer.
func (a *Archive) run(ctx context.Context, jobs []*job, warn func(string), opts RefreshOptions, res *RefreshResult) error {
	workers := opts.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	a.markDurable()
	var stats runStats
	stats.filesTotal = len(jobs)
	for _, j := range jobs {
		stats.bytesTotal += j.expectBytes()
	}
	w, err := a.newWriter(ctx, &stats, warn)
	if err != nil {
		return err
	}
	defer w.close()

	batches := make(chan *batch, 2*workers)
	gate := newLongLineGate()
	pctx, stopParsing := context.WithCancel(ctx)
	defer stopParsing()
	g, gctx := errgroup.WithContext(pctx)
	queue := make(chan *job)
	g.Go(func() error {
		defer close(queue)
		for _, j := range jobs {
			select {
			case queue <- j:
			case <-gctx.Done():
				return nil
			}
		}
		return nil
	})
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		g.Go(func() error {
			defer wg.Done()
			for j := range queue {
				if err := a.parseJob(gctx, j, batches, gate, &stats); err != nil {
					return err
				}
			}
			return nil
		})
	}
	go func() {
		wg.Wait()
		close(batches)
	}()

	stopProgress := startProgress(opts.Progress, &stats)
	werr := w.consume(batches)
	if werr == nil {
		werr = w.resolveOpenLinks()
	}
	if werr != nil {
		stopParsing()
		for b := range batches { // let the workers finish
			b.settle()
		}
	}
	gerr := g.Wait()
	stopProgress()

	stats.fill(res)
	switch {
	case werr != nil:
		return werr
	case ctx.Err() != nil:
		return ctx.Err()
	case gerr != nil:
		return gerr
	}
	return nil
}

// statFile returns size and change stamp (see fileStamp), or an error
// wrapping os.ErrNotExist.
func statFile(path string) (size, stamp int64, err error) {
	fi, err := os.Stat(path)
	if err != nil {
		return 0, 0, err
	}
	if !fi.Mode().IsRegular() {
		return 0, 0, fmt.Errorf("%s: not a regular file", path)
	}
	return fi.Size(), fileStamp(fi), nil
}
