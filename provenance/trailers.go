package provenance

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"sync"
	"time"
)

// TrailerSession is an archived session that a trailer of a commit names.
type TrailerSession struct {
	SessionID string
	Provider  string
	Title     string
	Started   time.Time
	// MessageIndex and Time are the session's last message not after the
	// time asked about (its first message when all are after).
	MessageIndex int
	Time         time.Time
	// Trailer is the trailer that names it, "Key: value".
	Trailer string
}

// TrailerLog knows the archived sessions that commits' trailers name
// (`Session-Id: <uuid>`, `Codex-Session: <link>`…). Attribute uses it,
// when the Attributor has one, for the lines that neither an edit nor a
// shell command explains.
type TrailerLog interface {
	// TrailerSessions returns, for each of commits (full ids) that has a
	// trailer naming archived sessions, those sessions, each with its last
	// message not after the commit's time in commits.
	TrailerSessions(ctx context.Context, commits map[string]time.Time) (map[string][]TrailerSession, error)
}

// explainByTrailer follows explainByShell: each committed line still
// without an answer is credited, as possible, to the session a trailer of
// its commit names, when the session started before the commit (clock
// slack allowed) and no other session's edit explains a line of that
// commit in this file or introduced the line's text there. Several such
// sessions make the line conflicting.
func (a *Attributor) explainByTrailer(ctx context.Context, f *fileState, out []Attribution) error {
	if a.Trailers == nil {
		return nil
	}
	idx, _ := f.askedIndex(out)
	slack := a.slack()
	commits := map[string]time.Time{}
	for i, l := range f.lines {
		if j := idx[i]; j >= 0 && f.unanswered(l, out[j]) {
			commits[l.bl.Commit.Hash] = l.bl.Commit.CommitTime.Add(slack)
		}
	}
	if len(commits) == 0 {
		return nil
	}
	named, err := a.Trailers.TrailerSessions(ctx, commits)
	if err != nil || len(named) == 0 {
		return err
	}
	others := f.groupSessions(out, idx)
	for i, l := range f.lines {
		j := idx[i]
		if j < 0 || !f.unanswered(l, out[j]) {
			continue
		}
		c := l.bl.Commit
		var ss []TrailerSession
		for _, s := range named[c.Hash] {
			if !s.Started.After(c.CommitTime.Add(slack)) && !slices.ContainsFunc(ss, func(x TrailerSession) bool { return x.SessionID == s.SessionID }) {
				ss = append(ss, s)
			}
		}
		for _, keep := range []map[string]bool{others[l.group], f.writers(i, slack)} {
			if len(keep) > 0 {
				ss = slices.DeleteFunc(ss, func(s TrailerSession) bool { return !keep[s.SessionID] })
			}
		}
		switch {
		case len(ss) == 1:
			ref := f.trailerRef(ss[0])
			out[j].Status, out[j].Reason, out[j].Edit = StatusPossible, fmt.Sprintf(reasonTrailer, commandExcerpt(ss[0].Trailer)), &ref
		case len(ss) > 1:
			out[j].Status, out[j].Reason = StatusConflicting, reasonTrailerSeveral
			for _, s := range ss {
				out[j].Candidates = append(out[j].Candidates, f.trailerRef(s))
			}
		}
	}
	return nil
}

// Reasons of the answers that rest on a trailer.
const (
	reasonTrailer        = "no archived edit wrote this text; the commit's trailer names this session: `%s`"
	reasonTrailerSeveral = "no archived edit wrote this text; the commit's trailers name several sessions"
	// toolTrailer is the Tool of an EditRef that names a session by a
	// commit's trailer.
	toolTrailer = "trailer"
)

// unanswered reports whether a line's answer is still none, of a
// committed line not copied from another file (whose commit is the
// copy's origin).
func (f *fileState) unanswered(l lineState, a Attribution) bool {
	if a.Status != StatusNone || l.bl.Commit.Uncommitted() {
		return false
	}
	return l.bl.OrigPath == "" || f.history[l.bl.OrigPath]
}

// trailerRef names a session a trailer names as an edit of the file, at
// its last message before the commit.
func (f *fileState) trailerRef(s TrailerSession) EditRef {
	ref := EditRef{
		SessionID:    s.SessionID,
		Provider:     s.Provider,
		SessionTitle: s.Title,
		MessageIndex: s.MessageIndex,
		Tool:         toolTrailer,
		Path:         f.in.Path,
		TimeLocal:    f.localTime(s.Time),
	}
	if !s.Started.IsZero() {
		ref.SessionStarted = f.localTime(s.Started)
	}
	return ref
}

// sessionIDs finds what may be session ids in a trailer's value: UUIDs
// (wherever they stand: alone, in a link, after a date or in a file
// name), and the words of letters, digits, '_' and '-' of at least 8
// characters.
func sessionIDs(value string) []string {
	var out []string
	add := func(s string) {
		if !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	for _, m := range uuidPattern().FindAllString(value, -1) {
		add(m)
	}
	for _, m := range idWord().FindAllString(value, -1) {
		add(m)
	}
	return out
}

var (
	uuidPattern = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}`)
	})
	idWord = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`[A-Za-z0-9_-]{8,}`) })
)
