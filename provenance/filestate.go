package provenance

import (
	"time"

	"hansard/provenance/gitrepo"
)

// fileState is the working state of one Attribute call.
type fileState struct {
	a  *Attributor
	in FileBlame
	// lineage holds the blamed path and every path it had, each with the
	// latest time an edit to it may have (zero: any time; see lineageOf).
	lineage map[string]time.Time
	// history holds the blamed path and the paths it had through renames:
	// a line blamed to another path was moved or copied from there.
	history map[string]bool
	lines   []lineState
	groups  [][]int // per commit: indexes into lines, in file order
	// fresh is, per commit id, the author time of the file's previous
	// commit: edits after it are "fresh" for that commit.
	fresh map[string]time.Time

	entries []LedgerEntry
	byKey   map[string][]int // substantive key -> entries introducing it
	keyID   map[string]int32 // the keys of the file's lines
	entIdx  []*entryIndex    // per entry, lazily
	byPrint map[uint64][]*entryIndex
	// distinct caches, per key id, whether a single session introduced it
	// (1), or several (-1).
	distinct []int8
	// mark and stamp hold the set of lines matched by one extension; run
	// lists them.
	mark  []int
	stamp int
	run   []int

	decisions []decision
	// intros caches, while claims are resolved, the introductions that may
	// explain each contested line.
	intros map[int][]claim
}

type lineState struct {
	bl      *gitrepo.BlameLine
	key     string
	kid     int32 // id of key among the file's keys
	trivial bool
	group   int
	gidx    int  // index within the group
	wanted  bool // inside Start..End
	// needed: wanted, or the nearest substantive neighbour of a wanted
	// common line (its answer is the common line's positional evidence).
	needed bool
}

// decision is the answer for one line before it is rendered.
type decision struct {
	status     string
	reason     string
	entry      int // chosen entry, -1 for none
	match      int // index of the entry's line matched to this line
	exact      bool
	candidates []int // conflicting entries
	candMatch  []int // each candidate's line matched to this line
	chain      []int
	// elsewhere, when not zero, is the time of the earliest edit to
	// another file that introduced the line's text before its commit (git
	// may find the line moved or copied from there).
	elsewhere time.Time
	score     int // the context score of the chosen edit
	// alts are the entries of the chosen edit's session that qualify for
	// the line (the chosen one included): the session's other
	// introductions of its text, should another line hold the chosen one.
	alts []int
}

func newFileState(a *Attributor, in FileBlame) *fileState {
	f := &fileState{a: a, in: in, lineage: lineageOf(in.Path, in.History, a.slack()), fresh: map[string]time.Time{},
		keyID: map[string]int32{}, byPrint: map[uint64][]*entryIndex{}}
	f.history = map[string]bool{in.Path: true}
	for _, h := range in.History { // newest first, up to the first copy
		f.history[h.Path] = true
		if h.Status == 'C' {
			break
		}
		if h.Status == 'R' {
			f.history[h.OldPath] = true
		}
	}
	f.lines = make([]lineState, len(in.Lines))
	for i := range in.Lines {
		bl := &in.Lines[i]
		if _, ok := f.lineage[bl.OrigPath]; !ok && bl.OrigPath != "" {
			f.lineage[bl.OrigPath] = time.Time{}
		}
		key := NormalizeKey(bl.Text)
		kid, ok := f.keyID[key]
		if !ok {
			kid = int32(len(f.keyID))
			f.keyID[key] = kid
		}
		f.lines[i] = lineState{
			bl:      bl,
			key:     key,
			kid:     kid,
			trivial: IsTrivial(bl.Text),
			wanted:  (in.Start == 0 || bl.FinalLine >= in.Start) && (in.End == 0 || bl.FinalLine <= in.End),
		}
	}
	f.regroup()
	f.markNeeded()
	f.distinct = make([]int8, len(f.keyID))
	f.mark = make([]int, len(f.lines))
	f.decisions = make([]decision, len(f.lines))
	f.setEntries(nil)
	return f
}

// regroup puts the lines in groups by their blame's commit, in file order,
// and notes when each commit's edits are fresh.
func (f *fileState) regroup() {
	histAt := make(map[string]int, len(f.in.History)) // first index of each commit
	for k, h := range f.in.History {
		if _, ok := histAt[h.Commit]; !ok {
			histAt[h.Commit] = k
		}
	}
	groupOf := map[string]int{}
	f.groups = f.groups[:0]
	for i := range f.lines {
		l := &f.lines[i]
		c := l.bl.Commit
		g, ok := groupOf[c.Hash]
		if !ok {
			g = len(f.groups)
			groupOf[c.Hash] = g
			f.groups = append(f.groups, nil)
			if _, ok := f.fresh[c.Hash]; !ok {
				f.fresh[c.Hash] = freshAfter(f.in.History, histAt, c)
			}
		}
		l.group, l.gidx = g, len(f.groups[g])
		f.groups[g] = append(f.groups[g], i)
	}
}

// freshAfter returns the author time of the commit that touched the file
// before c (for the working tree: the file's latest commit); zero when
// there is none or the history does not tell. at gives the index of each
// commit of hist.
func freshAfter(hist []gitrepo.PathChange, at map[string]int, c *gitrepo.BlameCommit) time.Time {
	if len(hist) == 0 {
		return time.Time{}
	}
	if c.Uncommitted() {
		return time.Unix(hist[0].AuthorTime, 0).UTC()
	}
	if k, ok := at[c.Hash]; ok {
		for _, older := range hist[k+1:] {
			if older.Commit != c.Hash {
				return time.Unix(older.AuthorTime, 0).UTC()
			}
		}
		return time.Time{}
	}
	ct := c.CommitTime.Unix()
	for _, h := range hist {
		if h.CommitTime < ct {
			return time.Unix(h.AuthorTime, 0).UTC()
		}
	}
	return time.Time{}
}

// markNeeded marks the lines to decide: the wanted ones, and for each
// wanted common line the nearest substantive line on either side within
// its contiguous run of the same commit.
func (f *fileState) markNeeded() {
	for i := range f.lines {
		l := &f.lines[i]
		l.needed = l.needed || l.wanted
		if !l.wanted || !l.trivial {
			continue
		}
		for _, dir := range []int{-1, 1} {
			if k, _, ok := f.nearestSubstantive(i, dir); ok {
				f.lines[k].needed = true
			}
		}
	}
}

// wantedKeys returns the distinct substantive keys of the lines to decide.
func (f *fileState) wantedKeys() []string {
	seen := map[string]bool{}
	var keys []string
	for _, l := range f.lines {
		if l.needed && !l.trivial && !seen[l.key] {
			seen[l.key] = true
			keys = append(keys, l.key)
		}
	}
	return keys
}

// setEntries gives the state its candidate entries, and forgets what was
// decided with others.
func (f *fileState) setEntries(entries []LedgerEntry) {
	f.entries = entries
	f.entIdx = make([]*entryIndex, len(entries))
	clear(f.distinct)
	for i := range f.decisions {
		f.decisions[i] = decision{status: StatusNone, entry: -1, match: -1}
	}
	f.byKey = map[string][]int{}
	for e := range entries {
		seen := map[int32]bool{}
		for _, ll := range entries[e].Lines {
			if ll.Trivial {
				continue
			}
			if kid, ok := f.keyID[ll.Key]; ok && !seen[kid] {
				seen[kid] = true
				f.byKey[ll.Key] = append(f.byKey[ll.Key], e)
			}
		}
	}
}
