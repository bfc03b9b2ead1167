package provenance

import (
	"context"
	"strings"
)

// prefetch is a background lookup of candidates and their descriptions.
type prefetch struct {
	cancel  context.CancelFunc
	repo    string
	keys    map[string]bool
	done    chan struct{}
	entries []LedgerEntry
	details map[EditKey]EditDetail
	err     error
}

// Prefetch starts looking up, in the background, the candidates of the
// given lines of a file in repo and, with describe, the descriptions of
// their edits, so that the store's work overlaps with git blame: a later
// Candidates call for the same repository whose keys are all among these
// lines, and Describe calls for the edits found, are answered from it.
// Describing is worth it when most candidates will be shown (every line of
// a file is asked); a few lines show a few of their many candidates. Lines
// are the file's text (the working tree's, whose blame has the same
// lines). A new Prefetch replaces (and stops) the one before it: when the
// store changed in between, only the new one answers.
func (al *ArchiveLedger) Prefetch(ctx context.Context, repo string, lines []string, describe bool) {
	if al.pre != nil {
		al.pre.cancel() // a new lookup replaces it
	}
	ctx, cancel := context.WithCancel(ctx)
	p := &prefetch{cancel: cancel, repo: repo, keys: make(map[string]bool, len(lines)), done: make(chan struct{})}
	var keys []string
	for _, l := range lines {
		if IsTrivial(l) {
			continue
		}
		if k := NormalizeKey(strings.TrimSuffix(l, "\r")); !p.keys[k] {
			p.keys[k] = true
			keys = append(keys, k)
		}
	}
	al.pre = p
	go func() {
		defer close(p.done)
		p.entries, p.err = al.candidates(ctx, repo, keys)
		if p.err != nil || len(p.entries) == 0 || !describe {
			return
		}
		seen := map[EditKey]bool{}
		var edits []EditKey
		for _, e := range p.entries {
			if k := e.Key(); !seen[k] {
				seen[k] = true
				edits = append(edits, k)
			}
		}
		p.details, p.err = al.describe(ctx, edits)
	}()
}

// prefetched returns the prefetched entries when they answer a
// Candidates call: same repository, every key among the prefetched ones.
func (al *ArchiveLedger) prefetched(repo string, keys []string) ([]LedgerEntry, bool) {
	p := al.pre
	if p == nil || p.repo != repo {
		return nil, false
	}
	for _, k := range keys {
		if !p.keys[k] {
			return nil, false
		}
	}
	if p = al.prefetchDone(); p == nil {
		return nil, false
	}
	return p.entries, true
}

// prefetchDone waits for the prefetch and returns it, or nil when there is
// none or it failed.
func (al *ArchiveLedger) prefetchDone() *prefetch {
	p := al.pre
	if p == nil {
		return nil
	}
	<-p.done
	if p.err != nil {
		return nil
	}
	return p
}

// prefetchedDetails splits edits into those the prefetch described (or
// knows nothing of) and those still to describe.
func (al *ArchiveLedger) prefetchedDetails(edits []EditKey) (map[EditKey]EditDetail, []EditKey) {
	p := al.prefetchDone()
	if p == nil {
		return nil, edits
	}
	out := make(map[EditKey]EditDetail, len(edits))
	var rest []EditKey
	for _, k := range edits {
		if d, ok := p.details[k]; ok {
			out[k] = d
		} else {
			rest = append(rest, k)
		}
	}
	return out, rest
}
