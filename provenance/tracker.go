package provenance

import (
	"context"
	"strings"
	"time"

	"hansard/provenance/gitrepo"
	"hansard/transcripts"
)

// Tracker follows the content of files through edits taken in time order,
// so that a whole-file write whose prior content the transcript did not
// record (NeedsPrevious: transcripts.OpWrite, and a creation, which the
// agent may have taken for one when the file was there) is diffed against
// what earlier edits left, instead of counting every line of it as
// written. Content can also be seeded from elsewhere (the file in git at
// the time). A Tracker is not safe for concurrent use.
type Tracker struct {
	files map[fileKey]string
}

type fileKey struct{ repo, path string }

// NewTracker returns a Tracker that knows no content yet.
func NewTracker() *Tracker { return &Tracker{files: map[fileKey]string{}} }

// Seed records the content of a file known from elsewhere.
func (t *Tracker) Seed(repo, path, content string) { t.files[fileKey{repo, path}] = content }

// SeedFromGit records, as the content of path in the repository rooted at
// root, the file in git (repo) at time at: at the newest commit at or
// before it, when there is one.
func (t *Tracker) SeedFromGit(ctx context.Context, repo *gitrepo.Repo, root, path string, at time.Time) {
	c, err := repo.CommitBefore(ctx, "", at)
	if err != nil || c == "" {
		return
	}
	if b, err := repo.Blob(c, path); err == nil {
		t.Seed(root, path, string(b))
	}
}

// Content returns the file's content as the edits applied so far left it.
func (t *Tracker) Content(repo, path string) (string, bool) {
	c, ok := t.files[fileKey{repo, path}]
	return c, ok
}

// Entry makes the ledger entry of edit e to path (for a move, path is the
// source and moveTo the destination, both repo-relative), diffing a write
// of unknown prior content against the tracked content, then applies the
// edit. It returns false for an edit that is not evidence.
func (t *Tracker) Entry(e transcripts.Edit, provider, repo, path, moveTo string) (LedgerEntry, bool) {
	var prev *string
	if NeedsPrevious(e) {
		if c, ok := t.Content(repo, path); ok {
			prev = &c
		}
	}
	dest := path
	if e.Op == transcripts.OpMove && moveTo != "" {
		dest = moveTo
	}
	entry, ok := NewEntry(e, provider, repo, dest, prev)
	t.Apply(e, repo, path, moveTo)
	return entry, ok
}

// NeedsPrevious reports whether the lines an edit introduced depend on the
// file's content before it, which the edit did not record: a whole-file
// write (a Claude Code Write whose originalFile is null is an update as
// often as a creation) without hunks.
func NeedsPrevious(e transcripts.Edit) bool {
	return (e.Op == transcripts.OpWrite || e.Op == transcripts.OpCreate) && e.OldText == "" && len(e.Hunks) == 0
}

// Apply records the effect of a successful edit on the tracked content. An
// edit whose effect cannot be worked out (its old text is not in the known
// content) makes the file unknown.
func (t *Tracker) Apply(e transcripts.Edit, repo, path, moveTo string) {
	if !e.Succeeded() {
		return
	}
	k := fileKey{repo, path}
	cur, known := t.files[k]
	switch e.Op {
	case transcripts.OpDelete:
		delete(t.files, k)
		return
	case transcripts.OpMove:
		delete(t.files, k)
		if moveTo == "" {
			return
		}
		k = fileKey{repo, moveTo}
	}
	next, ok := applyEdit(e, cur, known)
	if !ok {
		delete(t.files, k)
		return
	}
	t.files[k] = next
}

// applyEdit returns the content after e, given the content before it.
func applyEdit(e transcripts.Edit, cur string, known bool) (string, bool) {
	switch {
	case len(e.Hunks) > 0:
		if e.Op == transcripts.OpCreate {
			return hunkText(e.Hunks), true
		}
		if !known {
			return "", false
		}
		return applyHunks(cur, e.Hunks)
	case e.Op == transcripts.OpCreate, e.Op == transcripts.OpWrite, e.Tool == "Write":
		return e.NewText, true
	case e.Op == transcripts.OpAppend:
		return cur + e.NewText, known
	case e.Op == transcripts.OpMove:
		return cur, known
	case !known || e.OldText == "" || !strings.Contains(cur, e.OldText):
		return "", false
	case e.ReplaceAll:
		return strings.ReplaceAll(cur, e.OldText, e.NewText), true
	default:
		return strings.Replace(cur, e.OldText, e.NewText, 1), true
	}
}

// hunkText is the new side of hunks that add a whole file.
func hunkText(hunks []transcripts.Hunk) string {
	var b strings.Builder
	for _, h := range hunks {
		for _, l := range h.Lines {
			if l != "" && (l[0] == '+' || l[0] == ' ') {
				b.WriteString(l[1:])
				b.WriteByte('\n')
			}
		}
	}
	return b.String()
}

// applyHunks applies hunks in order, finding each one's old side (its ' '
// and '-' lines) in the content after the previous hunk.
func applyHunks(cur string, hunks []transcripts.Hunk) (string, bool) {
	lines := splitLines(cur)
	at := 0
	for _, h := range hunks {
		var old, repl []string
		for _, l := range h.Lines {
			switch {
			case l == "":
				old, repl = append(old, ""), append(repl, "")
			case l[0] == ' ':
				old, repl = append(old, l[1:]), append(repl, l[1:])
			case l[0] == '-':
				old = append(old, l[1:])
			case l[0] == '+':
				repl = append(repl, l[1:])
			}
		}
		i := indexLines(lines, old, at)
		if i < 0 {
			return "", false
		}
		lines = append(lines[:i], append(repl, lines[i+len(old):]...)...)
		at = i + len(repl)
	}
	if len(lines) == 0 {
		return "", true
	}
	return strings.Join(lines, "\n") + "\n", true
}

// indexLines finds seq in lines at or after from.
func indexLines(lines, seq []string, from int) int {
	for i := from; i+len(seq) <= len(lines); i++ {
		match := true
		for j := range seq {
			if lines[i+j] != seq[j] {
				match = false
				break
			}
		}
		if match {
			return i
		}
	}
	return -1
}
