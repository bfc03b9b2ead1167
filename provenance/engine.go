package provenance

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"hansard/provenance/gitrepo"
)

// RulesVersion changes whenever the matching rules change, so that answers
// kept in a Cache by an earlier version are not served.
const RulesVersion = 3

// DefaultSlack is how far an edit may come after the commit that carries
// its text and still count (as StatusPossible): clocks of the agent and of
// git may differ a little.
const DefaultSlack = 5 * time.Minute

// Context scoring: how many lines of the commit's block on either side of
// a line are compared with a candidate edit, and how many lines may be
// skipped on either side between two matches.
const (
	contextWindow = 12
	contextSkip   = 3
	// contextReach bounds, in lines of the file, how far from a line
	// its context is read: the block's lines within contextWindow steps
	// may lie further apart when other commits' lines stand between them,
	// but never further than this. A blame of the asked lines and
	// contextReach around them thus scores them as the whole file's does.
	contextReach = 64
	// maxChain bounds the chain of earlier writers reported for one line.
	maxChain = 20
	// maxWalk bounds the walk from a common line to its nearest attributed
	// substantive neighbour.
	maxWalk = 64
)

// Attributor lays the ledger over git blame. Its dependencies are its
// fields: the Ledger is required; a nil Prefetch, Shell, Trailers, History or Cache
// is not available (NewArchiveAdapters gives them all over the archive).
type Attributor struct {
	// Ledger reads the edit ledger's candidates and their display details.
	Ledger Ledger
	// Prefetch, when set, looks the lines of a Why up in the Ledger while
	// git blames the file.
	Prefetch Prefetcher
	// Shell, when set, gives the shell commands that may explain the lines
	// no edit explains.
	Shell ShellLog
	// Trailers, when set, gives the sessions that commits' trailers name,
	// for the lines that neither an edit nor a shell command explains.
	Trailers TrailerLog
	// History, when set, gives a file's history at HEAD (the stored git
	// log); else Why asks git.
	History FileHistory
	// Location is where times are shown; nil means time.Local.
	Location *time.Location
	// Slack is the clock slack; zero means DefaultSlack, negative none.
	Slack time.Duration
	// Cache, when set, keeps blames and answers for Why.
	Cache Cache
	// Prepare, when set, is called by Why while git reads the file, to
	// bring the Ledger up to date (new transcripts, the ledger). Answers
	// are taken from the Cache only under the ledger generation it leaves.
	Prepare func(ctx context.Context) error
	// Redact, when set, is the archive's redaction: the blamed lines are
	// redacted before they are matched and shown, together with the lines
	// around them (a line inside a private key is part of the key), and so
	// is each commit's summary.
	Redact func(string) string
}

// FileBlame is the input of Attribute: the blame of one file.
type FileBlame struct {
	Repo string // main repository root, as the ledger files entries under
	Path string // repo-relative path of the blamed file
	// Lines is the blame (of a revision or of the working tree). Lines
	// outside Start..End still serve as context.
	Lines []gitrepo.BlameLine
	// History is the file's history from gitrepo.PathHistory, newest first;
	// it gives the paths the file had and the commit before each commit.
	History []gitrepo.PathChange
	// Start and End (1-based, inclusive) select the lines to answer; zero
	// means all.
	Start, End int
	// Others, when Lines hold only some lines of the file (a window around
	// the selection), is the text of every line of the file: Attribute
	// then fails with errWholeBlame when a line outside Lines may claim
	// what the edit of a selected line introduced (only the whole file's
	// blame tells which line keeps it).
	Others []string
	// Since, with Others, says that the lines of the file missing from
	// Lines come from commits older than Since: they cannot claim what an
	// edit at least the clock slack later introduced.
	Since time.Time
	// Origins, when set, blames lines with move and copy detection: Lines
	// is the plain blame, and a line that no edit to the file's lineage
	// explains in its commit is decided again from the commit and path git
	// finds it moved or copied from.
	Origins OriginFinder
}

// errWholeBlame says that the lines asked about need the whole file's blame.
var errWholeBlame = errors.New("the whole file's blame is needed")

// needBlameError says that the lines asked about need the blame of the
// whole file's lines of the commits since Since (older lines cannot claim
// what their edits introduced); it is an errWholeBlame.
type needBlameError struct{ since time.Time }

func (e *needBlameError) Error() string { return errWholeBlame.Error() }
func (e *needBlameError) Unwrap() error { return errWholeBlame }

func (a *Attributor) slack() time.Duration {
	switch {
	case a.Slack == 0:
		return DefaultSlack
	case a.Slack < 0:
		return 0
	}
	return a.Slack
}

func (a *Attributor) loc() *time.Location {
	if a.Location == nil {
		return time.Local
	}
	return a.Location
}

// Attribute answers every selected line of a blamed file. It makes one
// Candidates call and one Describe call to the Ledger, whatever the number
// of lines.
func (a *Attributor) Attribute(ctx context.Context, in FileBlame) ([]Attribution, error) {
	if a.Ledger == nil {
		return nil, fmt.Errorf("attribute %s: no ledger", in.Path)
	}
	for i := range in.Lines {
		if in.Lines[i].Commit == nil {
			return nil, fmt.Errorf("attribute %s: blame line %d has no commit", in.Path, in.Lines[i].FinalLine)
		}
	}
	if a.Redact != nil {
		in = redactBlame(in, a.Redact)
	}
	f := newFileState(a, in)
	keys := f.wantedKeys()
	entries, err := a.candidates(ctx, in, keys, nil, nil)
	if err != nil {
		return nil, err
	}
	f.setEntries(entries)
	f.decideSubstantive()
	f.decideTrivial()
	if in.Others != nil && f.rivalsOutside(in.Others) {
		if since := f.claimSince(); in.Since.IsZero() || since.Before(in.Since) {
			return nil, &needBlameError{since: since}
		}
	}
	if f.markRivals() > 0 {
		// Decide again with the lines that may claim the same introduced
		// lines.
		if entries, err = a.candidates(ctx, in, f.wantedKeys(), keys, entries); err != nil {
			return nil, err
		}
		f.setEntries(entries)
		f.decideSubstantive()
		f.decideTrivial()
	}
	f.resolveClaims()
	if err := f.fromOrigins(ctx); err != nil {
		return nil, fmt.Errorf("attribute %s: %w", in.Path, err)
	}
	out := f.results()
	if err := a.explainByShell(ctx, f, out); err != nil {
		return nil, fmt.Errorf("attribute %s: shell commands: %w", in.Path, err)
	}
	if err := a.explainByTrailer(ctx, f, out); err != nil {
		return nil, fmt.Errorf("attribute %s: trailers: %w", in.Path, err)
	}
	if err := a.describe(ctx, out); err != nil {
		return nil, fmt.Errorf("attribute %s: %w", in.Path, err)
	}
	return out, nil
}

// candidates returns the ledger entries for keys: have, found for the keys
// asked before, and those of the other keys.
func (a *Attributor) candidates(ctx context.Context, in FileBlame, keys, asked []string, have []LedgerEntry) ([]LedgerEntry, error) {
	if len(asked) > 0 {
		done := make(map[string]bool, len(asked))
		for _, k := range asked {
			done[k] = true
		}
		keys = slices.DeleteFunc(keys, func(k string) bool { return done[k] })
	}
	if len(keys) > 0 {
		more, err := a.Ledger.Candidates(ctx, in.Repo, keys)
		if err != nil {
			return nil, fmt.Errorf("attribute %s: candidates: %w", in.Path, err)
		}
		have = mergeEntries(have, more)
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return have, nil
}

// mergeEntries adds to have the entries of more it does not hold.
func mergeEntries(have, more []LedgerEntry) []LedgerEntry {
	if len(have) == 0 {
		return more
	}
	type id struct {
		EditKey
		path string
	}
	seen := make(map[id]bool, len(have))
	for _, e := range have {
		seen[id{e.Key(), e.Path}] = true
	}
	out := slices.Clip(have)
	for _, e := range more {
		if !seen[id{e.Key(), e.Path}] {
			out = append(out, e)
		}
	}
	return out
}

// describe fills the display details of every edit referred to.
func (a *Attributor) describe(ctx context.Context, out []Attribution) error {
	seen := map[EditKey]bool{}
	var keys []EditKey
	visit := func(r *EditRef) {
		if k := r.Key(); !seen[k] {
			seen[k] = true
			keys = append(keys, k)
		}
	}
	forEachRef(out, visit)
	if len(keys) == 0 {
		return nil
	}
	details, err := a.Ledger.Describe(ctx, keys)
	if err != nil {
		return fmt.Errorf("describe edits: %w", err)
	}
	forEachRef(out, func(r *EditRef) {
		d, ok := details[r.Key()]
		if !ok {
			return // a session a trailer names carries its own
		}
		r.SessionTitle, r.PromptExcerpt, r.Source = d.SessionTitle, d.PromptExcerpt, d.Source
		if !d.SessionStart.IsZero() {
			r.SessionStarted = d.SessionStart.In(a.loc()).Format(time.RFC3339)
		}
	})
	return nil
}

func forEachRef(out []Attribution, fn func(*EditRef)) {
	for i := range out {
		if out[i].Edit != nil {
			fn(out[i].Edit)
		}
		for j := range out[i].Candidates {
			fn(&out[i].Candidates[j])
		}
		for j := range out[i].Chain {
			fn(&out[i].Chain[j])
		}
	}
}
