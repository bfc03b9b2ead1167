package provenance

import (
	"context"
	"fmt"
	"sync"
	"time"

	"hansard/provenance/gitrepo"
)

// MemStore is an in-memory Ledger, ShellLog, TrailerLog and Cache, for tests and for tools that
// build a ledger on the fly.
type MemStore struct {
	mu      sync.Mutex
	entries []LedgerEntry
	details map[EditKey]EditDetail
	blames  map[BlameKey][]gitrepo.BlameLine
	matches map[MatchKey][]Attribution
	gen     int
	shell   map[string][]ShellRun // by repository
	// trailers are the sessions commits' trailers name, by commit.
	trailers map[string][]TrailerSession
	// Calls counts the Candidates calls made.
	Calls int
}

// NewMemStore returns an empty MemStore.
func NewMemStore() *MemStore {
	return &MemStore{details: map[EditKey]EditDetail{}, blames: map[BlameKey][]gitrepo.BlameLine{}, matches: map[MatchKey][]Attribution{}}
}

// Add files ledger entries (and bumps the generation).
func (m *MemStore) Add(entries ...LedgerEntry) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.entries = append(m.entries, entries...)
	m.gen++
}

// AddShellRuns files shell commands of repo's sessions (ShellLog).
func (m *MemStore) AddShellRuns(repo string, runs ...ShellRun) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.shell == nil {
		m.shell = map[string][]ShellRun{}
	}
	m.shell[repo] = append(m.shell[repo], runs...)
	m.gen++
}

// ShellRuns implements ShellLog.
func (m *MemStore) ShellRuns(ctx context.Context, repo string, _ []string) ([]ShellRun, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]ShellRun(nil), m.shell[repo]...), ctx.Err()
}

// AddTrailerSessions files sessions a trailer of commit names
// (TrailerLog).
func (m *MemStore) AddTrailerSessions(commit string, ss ...TrailerSession) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.trailers == nil {
		m.trailers = map[string][]TrailerSession{}
	}
	m.trailers[commit] = append(m.trailers[commit], ss...)
	m.gen++
}

// TrailerSessions implements TrailerLog: the sessions filed for each of
// commits, as filed.
func (m *MemStore) TrailerSessions(ctx context.Context, commits map[string]time.Time) (map[string][]TrailerSession, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := map[string][]TrailerSession{}
	for c := range commits {
		if ss := m.trailers[c]; len(ss) > 0 {
			out[c] = append([]TrailerSession(nil), ss...)
		}
	}
	return out, ctx.Err()
}

// SetDetail records the display details of an edit.
func (m *MemStore) SetDetail(k EditKey, d EditDetail) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.details[k] = d
}

// Candidates implements Ledger.
func (m *MemStore) Candidates(ctx context.Context, repo string, keys []string) ([]LedgerEntry, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	want := make(map[string]bool, len(keys))
	for _, k := range keys {
		want[k] = true
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.Calls++
	var out []LedgerEntry
	for _, e := range m.entries {
		if e.Repo != repo {
			continue
		}
		for _, l := range e.Lines {
			if !l.Trivial && want[l.Key] {
				out = append(out, e)
				break
			}
		}
	}
	return out, nil
}

// Describe implements Ledger.
func (m *MemStore) Describe(ctx context.Context, edits []EditKey) (map[EditKey]EditDetail, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	out := make(map[EditKey]EditDetail, len(edits))
	for _, k := range edits {
		if d, ok := m.details[k]; ok {
			out[k] = d
		}
	}
	return out, nil
}

// LoadBlame implements Cache.
func (m *MemStore) LoadBlame(_ context.Context, key BlameKey) ([]gitrepo.BlameLine, bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	b, ok := m.blames[key]
	return b, ok, nil
}

// StoreBlame implements Cache.
func (m *MemStore) StoreBlame(_ context.Context, key BlameKey, lines []gitrepo.BlameLine) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.blames[key] = lines
	return nil
}

// LoadMatches implements Cache.
func (m *MemStore) LoadMatches(_ context.Context, key MatchKey) ([]Attribution, bool, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	r, ok := m.matches[key]
	return r, ok, nil
}

// LoadMatchLines implements Cache: the kept answers of lines start..end
// (end 0: to the last).
func (m *MemStore) LoadMatchLines(ctx context.Context, key MatchKey, start, end int) ([]Attribution, bool, error) {
	all, ok, err := m.LoadMatches(ctx, key)
	if !ok || err != nil {
		return nil, ok, err
	}
	out := []Attribution{}
	for _, a := range all {
		if a.Line >= start && (end == 0 || a.Line <= end) {
			out = append(out, a)
		}
	}
	return out, true, nil
}

// StoreMatches implements Cache.
func (m *MemStore) StoreMatches(_ context.Context, key MatchKey, result []Attribution) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.matches[key] = result
	return nil
}

// Generation implements Cache.
func (m *MemStore) Generation(_ context.Context, _ string) (string, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	return fmt.Sprintf("v%d-%d", LedgerVersion, m.gen), nil
}
