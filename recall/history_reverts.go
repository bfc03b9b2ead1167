package recall

import (
	"context"
	"regexp"
	"strings"
	"sync"
	"time"
)

// revertLine is the line `git revert` writes into its message.
var revertLine = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`This reverts commit ([0-9a-f]{7,64})`)
})

// findReverts records how each edit was undone: a git revert of the
// commit that carried it; the first later commit whose version of the file
// holds none of the substantive lines it introduced (when the working tree
// holds none either); a later session's edit that took all of them out.
func (f *fileHistory) findReverts(ctx context.Context) {
	revertedBy := map[string]string{} // commit → the commit reverting it
	for sha, c := range f.commits {
		for _, m := range revertLine().FindAllStringSubmatch(c.Message, -1) {
			for _, h := range f.history {
				if strings.HasPrefix(h.Commit, m[1]) {
					revertedBy[h.Commit] = sha
				}
			}
		}
	}
	for _, e := range f.edits {
		if e.commit != "" {
			if by, ok := revertedBy[e.commit]; ok {
				e.reverts = append(e.reverts, HistoryRevert{Kind: RevertGit, MessageIndex: e.MessageIndex, Commit: by, RevertedCommit: e.commit})
			} else if len(e.added) > 0 && !anyIn(e.added, f.current) {
				if by := f.removedBy(e); by != "" {
					e.reverts = append(e.reverts, HistoryRevert{Kind: RevertRemoved, MessageIndex: e.MessageIndex, Commit: by})
				}
			}
		}
		if u := f.undoneBy(e); u != nil {
			idx := u.MessageIndex
			e.reverts = append(e.reverts, HistoryRevert{Kind: RevertUndone, MessageIndex: e.MessageIndex, SessionID: u.SessionID, UndoMessageIndex: &idx})
		}
	}
}

// removedBy returns the first commit after the one that carried e whose
// version of the file holds none of e's substantive lines.
func (f *fileHistory) removedBy(e *sessionEdit) string {
	at := -1
	for i, c := range f.history {
		if c.Commit == e.commit {
			at = i
		}
	}
	for i := at - 1; i >= 0; i-- { // newer commits come first in history
		if s := f.version(i); s != nil && !anyIn(e.added, s) {
			return f.history[i].Commit
		}
	}
	return ""
}

// version returns the keys of the substantive lines of the file as the
// i-th commit of its history left it (nil when it cannot be read).
func (f *fileHistory) version(i int) map[string]bool {
	c := f.history[i]
	if s, ok := f.versions[c.Commit]; ok {
		return s
	}
	b, err := f.repo.Blob(c.Commit, c.Path)
	var s map[string]bool
	if err == nil {
		s = keySet(splitLines(string(b)))
	}
	f.versions[c.Commit] = s
	return s
}

// undoneBy returns the first later edit of another session that took out
// every substantive line e introduced.
func (f *fileHistory) undoneBy(e *sessionEdit) *sessionEdit {
	if len(e.added) == 0 {
		return nil
	}
	for _, l := range f.edits {
		if l.SessionID == e.SessionID || !l.Timestamp.After(e.Timestamp) || len(l.removed) == 0 {
			continue
		}
		removed := make(map[string]bool, len(l.removed))
		for _, k := range l.removed {
			removed[k] = true
		}
		if allIn(e.added, removed) {
			return l
		}
	}
	return nil
}

// isLive reports whether a session's transcript was written within
// liveWindow of now.
func isLive(ended, now time.Time) bool {
	return !ended.IsZero() && now.Sub(ended) < liveWindow
}
