package archive

import (
	"sync"
	"sync/atomic"
	"time"
)

// Progress is a snapshot of a running Refresh.
type Progress struct {
	Files      int   // files finished
	FilesTotal int   // files to read
	Bytes      int64 // transcript bytes read
	BytesTotal int64 // bytes expected
	Sessions   int   // sessions written
	Elapsed    time.Duration
}

// runStats are counters shared by the workers, the writer and the progress
// reporter.
type runStats struct {
	filesTotal int
	bytesTotal int64

	writerBusy time.Duration // owned by the writer until the run ends

	files    atomic.Int64
	bytes    atomic.Int64
	sessions atomic.Int64
	// subagents counts those of sessions that are subagents
	subagents atomic.Int64

	mu       sync.Mutex
	appended int
	reread   int
	rebuilt  int
	failed   int
	newGens  int
	problems map[string]int
}

func (s *runStats) count(kind planKind, failed bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if failed {
		s.failed++
		return
	}
	switch kind {
	case planAppend:
		s.appended++
	case planFull:
		s.reread++
	case planRebuild:
		s.rebuilt++
	}
}

// countGeneration counts a file read as a new generation.
func (s *runStats) countGeneration() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.newGens++
}

func (s *runStats) addProblems(byKind map[string]int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.problems == nil {
		s.problems = make(map[string]int)
	}
	for k, n := range byKind {
		s.problems[k] += n
	}
}

func (s *runStats) fill(res *RefreshResult) {
	s.mu.Lock()
	defer s.mu.Unlock()
	res.Appended, res.Reread, res.Rebuilt, res.Failed = s.appended, s.reread, s.rebuilt, s.failed
	res.Generations = s.newGens
	res.Problems = s.problems
	res.Sessions = int(s.sessions.Load())
	res.Subagents = int(s.subagents.Load())
	res.Bytes = s.bytes.Load()
	res.WriterBusy = s.writerBusy
}

func (s *runStats) snapshot(start time.Time) Progress {
	return Progress{
		Files:      int(s.files.Load()),
		FilesTotal: s.filesTotal,
		Bytes:      s.bytes.Load(),
		BytesTotal: s.bytesTotal,
		Sessions:   int(s.sessions.Load()),
		Elapsed:    time.Since(start),
	}
}

func startProgress(fn func(Progress), s *runStats) (stop func()) {
	if fn == nil {
		return func() {}
	}
	start := time.Now()
	done := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		t := time.NewTicker(100 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-done:
				fn(s.snapshot(start))
				return
			case <-t.C:
				fn(s.snapshot(start))
			}
		}
	}()
	return func() {
		close(done)
		<-finished
	}
}
