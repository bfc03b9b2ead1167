package providertest

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"hansard/transcripts"
)

// Suite describes one provider's fixtures and what parsing them must give.
type Suite struct {
	Provider transcripts.Provider
	// Files are laid into a fresh temporary home folder: slash-separated
	// path relative to the home -> content.
	Files map[string]string
	// Env returns the environment for a home folder. Nil means only HOME.
	Env func(home string) map[string]string

	// Sessions lists every session the files hold; no other may appear.
	// Nil skips the check (generated files, counted by their own tests).
	Sessions []WantSession
	// Edits must each be found with exactly these fields.
	Edits []WantEdit
	// Links must each be present (after links from all files are merged).
	// An empty Evidence is not compared.
	Links []transcripts.Link
	// Problems lists, per file (the key of Files), the kinds of the problems
	// a full parse reports, in order. Files not listed must report none.
	Problems map[string][]string
	// UnknownLine is a well-formed line of a record type the provider does
	// not know. It is inserted into each file; it may be reported as
	// ProblemUnknownType or silently skipped, and must change nothing else.
	UnknownLine string
	// ResultsFirst, when set, rewrites a file so that the line of each
	// tool result comes before the line of its call, as agents sometimes
	// write them; the file must then give the same calls (see
	// checkResultsFirst).
	ResultsFirst func(data []byte) []byte
	// Check, when set, runs extra checks on the records of all files.
	Check func(t *testing.T, c *Collector)

	// Generations gives, for a snapshot source (by its key in Files), the
	// contents it is rewritten to afterwards, in order; each is read whole
	// from the checkpoint of the one before (see checkGenerations).
	Generations map[string][]string
	// AfterGenerations lists every session of the snapshot sources of
	// Generations once all their generations are read. Nil skips it.
	AfterGenerations []WantSession
}

// WantSession is an expected session.
type WantSession struct {
	ID       string
	Class    string
	Messages int // exact number of messages
	// ParentID and Relation are compared when set.
	ParentID string
	Relation string
	// Retracted lists the indexes of its retracted messages, in order
	// (nil: none).
	Retracted []int
}

// WantEdit is an expected edit, found by (SessionID, ToolCallID, Seq).
type WantEdit struct {
	SessionID  string
	ToolCallID string
	Seq        int
	File       string
	Op         string
	OldText    string
	NewText    string
	Status     string
}

// source is one discovered file and its bytes.
type source struct {
	src  transcripts.Source
	rel  string
	data []byte
	full *Collector // records of one full parse of this file alone
	// prefixes are the parses of the file's first parts (firstPart), by
	// where they end.
	prefixes map[int64]prefix
}

// Run checks s.Provider against the contracts of the transcripts package.
func Run(t *testing.T, s Suite) {
	t.Helper()
	home := t.TempDir()
	writeFiles(t, home, s.Files)
	sources := discover(t, s, home)

	all := &Collector{}
	for _, sc := range sources {
		sc.parseWhole(t, s.Provider, all)
	}
	for rel := range s.Generations {
		if !slices.ContainsFunc(sources, func(sc *source) bool { return sc.rel == rel && !sc.src.Kind.Lines() }) {
			t.Errorf("Generations names %s, which is no snapshot source", rel)
		}
	}

	t.Run("StableAcrossParses", func(t *testing.T) {
		for _, sc := range sources {
			again, _ := parseAll(t, s.Provider, sc.src, sc.data, transcripts.Checkpoint{}, nil)
			diff(t, sc.rel+" second parse", sc.full, again)
		}
	})
	t.Run("Indexes", func(t *testing.T) { checkIndexes(t, all) })
	t.Run("Expectations", func(t *testing.T) {
		if s.Sessions != nil {
			checkSessions(t, s.Sessions, all)
		}
		checkEdits(t, s.Edits, all)
		checkLinks(t, s.Links, all)
		checkProblems(t, s.Problems, sources)
	})
	t.Run("IDsKeepIndexes", func(t *testing.T) { checkOneIndexPerID(t, all) })
	lines, snapshots := byKind(sources)
	runLineChecks(t, s, lines)
	if len(snapshots) > 0 {
		t.Run("Generations", func(t *testing.T) {
			final := &Collector{}
			for _, sc := range snapshots {
				checkGenerations(t, s.Provider, sc, s.Generations[sc.rel], final)
			}
			if s.AfterGenerations != nil {
				checkSessions(t, s.AfterGenerations, final)
			}
		})
	}
	t.Run("Symlinks", func(t *testing.T) { checkSymlinks(t, s, sources) })
	if s.Check != nil {
		t.Run("Check", func(t *testing.T) { s.Check(t, all) })
	}
}

// runLineChecks runs the checks of sources read line by line (append and
// upsert sources): resuming from any line, torn and unterminated last
// lines, bad lines and the rest.
func runLineChecks(t *testing.T, s Suite, sources []*source) {
	t.Helper()
	if len(sources) == 0 {
		return
	}
	t.Run("CallLines", func(t *testing.T) {
		for _, sc := range sources {
			checkCallLines(t, sc)
		}
	})
	t.Run("ResumeAndTornLine", func(t *testing.T) {
		for _, sc := range sources {
			checkResume(t, s.Provider, sc)
		}
	})
	t.Run("UnterminatedLastLine", func(t *testing.T) {
		for _, sc := range sources {
			checkUnterminated(t, s.Provider, sc)
		}
	})
	if sr, ok := s.Provider.(transcripts.StateRedactor); ok {
		t.Run("RedactedState", func(t *testing.T) {
			for _, sc := range sources {
				checkRedactedState(t, sr, s.Provider, sc)
			}
		})
	}
	if s.ResultsFirst != nil {
		t.Run("ResultsBeforeUses", func(t *testing.T) {
			for _, sc := range sources {
				checkResultsFirst(t, s.Provider, sc, s.ResultsFirst)
			}
		})
	}
	t.Run("ByteOrderMark", func(t *testing.T) {
		for _, sc := range sources {
			checkByteOrderMark(t, s.Provider, sc)
		}
	})
	t.Run("BadLines", func(t *testing.T) {
		for _, sc := range sources {
			if len(s.Problems[sc.rel]) == 0 {
				checkBadLines(t, s.Provider, sc, s.UnknownLine)
			}
		}
	})
}

// byKind splits sources into those read by lines and snapshots.
func byKind(sources []*source) (lines, snapshots []*source) {
	for _, sc := range sources {
		if sc.src.Kind.Lines() {
			lines = append(lines, sc)
		} else {
			snapshots = append(snapshots, sc)
		}
	}
	return lines, snapshots
}

func writeFiles(t *testing.T, home string, files map[string]string) {
	t.Helper()
	for rel, content := range files {
		p := filepath.Join(home, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
	}
}

func discover(t *testing.T, s Suite, home string) []*source {
	t.Helper()
	envMap := map[string]string{"HOME": home}
	if s.Env != nil {
		envMap = s.Env(home)
	}
	env := func(k string) string { return envMap[k] }
	roots := s.Provider.Roots(env)
	if len(roots) == 0 {
		t.Fatalf("Roots returned nothing for env %v", envMap)
	}
	var out []*source
	warn := func(path string, err error) { t.Errorf("discover warned on %s: %v", path, err) }
	err := s.Provider.Discover(context.Background(), roots, warn, func(src transcripts.Source) error {
		if src.Provider != s.Provider.Name() {
			t.Errorf("source %s: provider %q, want %q", src.Path, src.Provider, s.Provider.Name())
		}
		rel, err := filepath.Rel(home, src.Path)
		if err != nil || strings.HasPrefix(rel, "..") {
			t.Errorf("source %s outside home %s", src.Path, home)
		}
		data, err := os.ReadFile(src.Path)
		if err != nil {
			t.Errorf("read %s: %v", src.Path, err)
			return nil
		}
		out = append(out, &source{src: src, rel: filepath.ToSlash(rel), data: data})
		return nil
	})
	if err != nil {
		t.Fatalf("Discover: %v", err)
	}
	if len(out) == 0 {
		t.Fatal("Discover found no sources")
	}
	slices.SortFunc(out, func(a, b *source) int { return strings.Compare(a.rel, b.rel) })
	for i := 1; i < len(out); i++ {
		if out[i].rel == out[i-1].rel {
			t.Errorf("source %s discovered twice", out[i].rel)
		}
	}
	return out
}

// parseWhole parses the whole file from the start into sc.full (and into
// extra when not nil). The parse is also the file's first part that ends
// at its end (firstPart): the same parse of the same bytes.
func (sc *source) parseWhole(t *testing.T, p transcripts.Provider, extra *Collector) {
	t.Helper()
	var cp transcripts.Checkpoint
	sc.full, cp = parseAll(t, p, sc.src, sc.data, transcripts.Checkpoint{}, extra)
	if sc.prefixes == nil {
		sc.prefixes = map[int64]prefix{}
	}
	cp.State = bytes.Clone(cp.State)
	sc.prefixes[int64(len(sc.data))] = prefix{c: sc.full, cp: cp}
}

// parseAll parses data[cp.Offset:] into a new collector (and also into
// extra when not nil) and returns the collector and the checkpoint Parse
// returned.
func parseAll(t *testing.T, p transcripts.Provider, src transcripts.Source, data []byte, cp transcripts.Checkpoint, extra *Collector) (*Collector, transcripts.Checkpoint) {
	t.Helper()
	c := &Collector{}
	sink := func(r transcripts.Record) error {
		c.Add(r)
		if extra != nil {
			extra.Add(r)
		}
		return nil
	}
	got, err := p.Parse(context.Background(), src, bytes.NewReader(data[cp.Offset:]), cp, sink)
	if err != nil {
		t.Fatalf("Parse %s: %v", src.Path, err)
	}
	if !src.Kind.Lines() {
		return c, got
	}
	wantOff, wantLines := completeLines(data)
	if got.Offset != wantOff || got.Line != wantLines {
		t.Errorf("Parse %s: checkpoint offset %d line %d, want %d %d", src.Path, got.Offset, got.Line, wantOff, wantLines)
	}
	return c, got
}

// completeLines returns the length and count of the complete lines of data.
func completeLines(data []byte) (int64, int) {
	end := bytes.LastIndexByte(data, '\n') + 1
	return int64(end), bytes.Count(data[:end], []byte{'\n'})
}
