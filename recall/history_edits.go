package recall

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strings"
	"time"

	"hansard/archive"
	"hansard/provenance"
	"hansard/provenance/gitrepo"
)

// Limits of a file's history: the commits whose added lines and contents
// are read, and the edits kept.
const (
	historyCommits = 200
	historyEdits   = 5000
	// historySlack is how far a commit may precede an edit it carries
	// (clocks of agents and git differ a little).
	historySlack = 5 * time.Minute
)

// sessionEdit is an archived edit of a file with what it did to the file.
type sessionEdit struct {
	archive.RepoEdit
	added   []string // keys of the substantive lines it introduced
	removed []string // keys of the substantive lines it took out
	nAdded  int      // lines introduced, common ones included
	nRemove int

	commit      string // the commit that carried it
	uncommitted bool
	reverts     []HistoryRevert
}

func (e *sessionEdit) key() provenance.EditKey {
	return provenance.EditKey{SessionID: e.SessionID, ToolCallID: e.ToolCallID, Seq: e.Seq}
}

// fileHistory gathers the evidence of one file's history.
type fileHistory struct {
	host  *Host
	arch  *archive.Archive
	repo  *gitrepo.Repo
	root  string // the main repository's root, as edits are stored
	rel   string
	abs   string
	until time.Time // zero: everything

	history  []gitrepo.PathChange // newest first
	commits  map[string]gitrepo.Commit
	versions map[string]map[string]bool // commit → keys of the file's lines there
	added    map[string][]string        // "commit path" → keys of the lines it added
	addedNew bool                       // added holds what the archive's cache lacks
	edits    []*sessionEdit             // oldest first
	current  map[string]bool
	lines    []string // the working tree's lines
	// answers are why's answers for the lines asked about (the whole
	// file for a path): the sessions they name are in the history even
	// where no edit of the file's lineage is theirs (a shell command that
	// rewrote it, a commit a session made itself, text written elsewhere).
	answers []provenance.Attribution
	notes   []string
}

func (f *fileHistory) collect(ctx context.Context) error {
	// The stored git log answers as git log --follow would, without
	// running it (why reads the same).
	h, err := provenance.NewArchiveAdapters(f.arch).Log.History(ctx, f.repo, f.rel)
	if err != nil {
		return err
	}
	for _, c := range h {
		if f.until.IsZero() || time.Unix(c.CommitTime, 0).Before(f.until) {
			f.history = append(f.history, c)
		}
	}
	if len(f.history) > historyCommits {
		f.notes = append(f.notes, fmt.Sprintf("only the latest %d of %d commits of the file were read", historyCommits, len(f.history)))
		f.history = f.history[:historyCommits]
	}
	// The loose commits are read meanwhile (only the reverts and the
	// sessions need them), the others after: go-git reads packs for one
	// goroutine at a time.
	f.commits, f.versions = map[string]gitrepo.Commit{}, map[string]map[string]bool{}
	var packed []string
	resolved := make(chan struct{})
	go func() {
		defer close(resolved)
		for _, c := range f.history {
			if ci, ok := f.repo.LooseCommit(c.Commit); ok {
				f.commits[c.Commit] = ci
			} else {
				packed = append(packed, c.Commit)
			}
		}
	}()
	err = f.readCurrent(ctx)
	<-resolved
	if err != nil {
		return err
	}
	for _, id := range packed {
		if ci, err := f.repo.ResolveCommit(id); err == nil {
			f.commits[id] = ci
		}
	}
	f.findReverts(ctx)
	return nil
}

// readCurrent reads the file as it is now, its edits, and what carried
// them.
func (f *fileHistory) readCurrent(ctx context.Context) error {
	content, err := os.ReadFile(f.abs)
	if err != nil {
		return err
	}
	f.lines = strings.Split(strings.TrimSuffix(string(content), "\n"), "\n")
	f.current = keySet(f.lines)
	if err := f.readEdits(ctx); err != nil {
		return err
	}
	return f.carry(ctx)
}

// lineage returns the paths of the file (now and before renames and
// copies), each with the time after which an edit to it no longer counts
// (zero: never).
func (f *fileHistory) lineage() map[string]time.Time {
	out := map[string]time.Time{f.rel: {}}
	var bound time.Time
	for _, c := range f.history {
		if _, ok := out[c.Path]; !ok {
			out[c.Path] = bound
		}
		if c.Status != 'R' && c.Status != 'C' {
			continue
		}
		bound = time.Unix(c.CommitTime, 0).UTC().Add(historySlack)
		if cur, ok := out[c.OldPath]; !ok || (!cur.IsZero() && bound.After(cur)) {
			out[c.OldPath] = bound
		}
	}
	return out
}

// oldPaths are the file's earlier paths, newest first.
func (f *fileHistory) oldPaths() []string {
	var out []string
	for _, c := range f.history {
		if c.OldPath != "" && c.OldPath != f.rel && !slices.Contains(out, c.OldPath) {
			out = append(out, c.OldPath)
		}
	}
	return out
}

func (f *fileHistory) readEdits(ctx context.Context) error {
	seen := map[provenance.EditKey]bool{}
	for path, bound := range f.lineage() {
		err := f.arch.ForEachEdit(ctx, archive.EditFilter{RepoRoot: f.root, Path: path, SucceededOnly: true, SkipCopies: true},
			func(e archive.RepoEdit) error {
				if !bound.IsZero() && e.Timestamp.After(bound) {
					return nil
				}
				if !f.until.IsZero() && !e.Timestamp.Before(f.until) {
					return nil
				}
				se := newSessionEdit(e)
				if seen[se.key()] {
					return nil
				}
				seen[se.key()] = true
				f.edits = append(f.edits, se)
				return nil
			})
		if err != nil {
			return fmt.Errorf("edits of %s: %w", path, err)
		}
	}
	slices.SortStableFunc(f.edits, func(a, b *sessionEdit) int {
		if c := a.Timestamp.Compare(b.Timestamp); c != 0 {
			return c
		}
		if c := strings.Compare(a.SessionID, b.SessionID); c != 0 {
			return c
		}
		return a.MessageIndex - b.MessageIndex
	})
	if len(f.edits) > historyEdits {
		f.notes = append(f.notes, fmt.Sprintf("only the latest %d of %d edits of the file were read", historyEdits, len(f.edits)))
		f.edits = f.edits[len(f.edits)-historyEdits:]
	}
	return nil
}

func newSessionEdit(e archive.RepoEdit) *sessionEdit {
	se := &sessionEdit{RepoEdit: e}
	for _, l := range provenance.Introduced(e.Edit, nil) {
		se.nAdded++
		if !l.Trivial {
			se.added = append(se.added, l.Key)
		}
	}
	old := splitLines(e.OldText)
	for _, hk := range e.Hunks {
		for _, l := range hk.Lines {
			if t, ok := strings.CutPrefix(l, "-"); ok {
				old = append(old, t)
			}
		}
	}
	kept := map[string]bool{}
	for _, l := range splitLines(e.NewText) {
		kept[provenance.NormalizeKey(l)] = true
	}
	for _, l := range old {
		if k := provenance.NormalizeKey(l); !kept[k] {
			se.nRemove++
			if !provenance.IsTrivial(l) {
				se.removed = append(se.removed, k)
			}
		}
	}
	return se
}

func splitLines(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(strings.TrimSuffix(s, "\n"), "\n")
}

// keySet is the set of the keys of the substantive lines.
func keySet(lines []string) map[string]bool {
	out := make(map[string]bool, len(lines))
	for _, l := range lines {
		if !provenance.IsTrivial(l) {
			out[provenance.NormalizeKey(l)] = true
		}
	}
	return out
}

func anyIn(keys []string, set map[string]bool) bool {
	for _, k := range keys {
		if set[k] {
			return true
		}
	}
	return false
}

func allIn(keys []string, set map[string]bool) bool {
	for _, k := range keys {
		if !set[k] {
			return false
		}
	}
	return len(keys) > 0
}

// lineKeys are the keys of the substantive lines start..end of the working
// tree's file.
func (f *fileHistory) lineKeys(start, end int) map[string]bool {
	start, end = max(start, 1), min(end, len(f.lines))
	if start > end {
		return nil
	}
	return keySet(f.lines[start-1 : end])
}

// carry names the commit that carried each edit: the first commit of the
// file, not before the edit (within historySlack), that added one of the
// substantive lines it introduced. An edit no commit carried whose lines
// are in the working tree is uncommitted.
func (f *fileHistory) carry(ctx context.Context) error {
	for i := len(f.history) - 1; i >= 0; i-- {
		c := f.history[i]
		at := time.Unix(c.CommitTime, 0).UTC().Add(historySlack)
		var open []*sessionEdit
		for _, e := range f.edits {
			if e.commit == "" && len(e.added) > 0 && !e.Timestamp.After(at) {
				open = append(open, e)
			}
		}
		if len(open) == 0 {
			continue
		}
		added, err := f.addedKeys(ctx, c)
		if err != nil {
			return err
		}
		for _, e := range open {
			if anyIn(e.added, added) {
				e.commit = c.Commit
			}
		}
	}
	f.storeAdded(ctx)
	for _, e := range f.edits {
		switch {
		case e.commit != "":
		case len(e.added) == 0 && len(e.removed) > 0:
			e.commit = f.removalCommit(e)
		case f.until.IsZero() && anyIn(e.added, f.current):
			e.uncommitted = true
		}
	}
	return nil
}

// removalCommit is the commit that carried an edit that only took lines
// out: the first commit, not before the edit, whose version of the file
// holds none of them while the version before it held some.
func (f *fileHistory) removalCommit(e *sessionEdit) string {
	for i := len(f.history) - 2; i >= 0; i-- {
		c := f.history[i]
		if e.Timestamp.After(time.Unix(c.CommitTime, 0).UTC().Add(historySlack)) {
			continue
		}
		if now, before := f.version(i), f.version(i+1); now != nil && !anyIn(e.removed, now) && anyIn(e.removed, before) {
			return c.Commit
		}
	}
	return ""
}
