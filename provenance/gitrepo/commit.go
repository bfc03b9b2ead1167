package gitrepo

import (
	"errors"
	"fmt"
	"io"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/object"
)

// Commit is the part of a commit that hansard shows and matches on.
type Commit struct {
	Hash        string
	Author      string
	AuthorEmail string
	AuthorTime  time.Time
	Committer   string
	CommitTime  time.Time
	Summary     string // first line of the message
	Message     string
	Trailers    []Trailer
	Parents     []string
}

// Trailer is one "Key: value" line of a commit message's trailer block.
type Trailer struct {
	Key   string
	Value string
}

// ResolveCommit resolves a revision (hash, short hash, branch, tag, HEAD~2,
// …) to a commit. An unknown revision is ErrBadRevision.
func (r *Repo) ResolveCommit(rev string) (Commit, error) {
	c, err := r.commitObject(rev)
	if err != nil {
		return Commit{}, err
	}
	return commitFromObject(c), nil
}

func (r *Repo) commitObject(rev string) (*object.Commit, error) {
	if rev == "" {
		rev = "HEAD"
	}
	h, err := r.resolveRevision(rev)
	if err != nil {
		return nil, fmt.Errorf("resolve %q: %w", rev, err)
	}
	c, err := r.repo.CommitObject(h)
	if err != nil {
		if errors.Is(err, plumbing.ErrObjectNotFound) {
			return nil, fmt.Errorf("resolve %q: %w", rev, ErrBadRevision)
		}
		return nil, fmt.Errorf("read commit %s: %w", h, err)
	}
	return c, nil
}

func commitFromObject(c *object.Commit) Commit {
	out := Commit{
		Hash:        c.Hash.String(),
		Author:      c.Author.Name,
		AuthorEmail: c.Author.Email,
		AuthorTime:  c.Author.When,
		Committer:   c.Committer.Name,
		CommitTime:  c.Committer.When,
		Message:     c.Message,
		Trailers:    ParseTrailers(c.Message),
	}
	out.Summary, _, _ = strings.Cut(strings.TrimLeft(c.Message, "\n"), "\n")
	out.Summary = strings.TrimSpace(out.Summary)
	for _, p := range c.ParentHashes {
		out.Parents = append(out.Parents, p.String())
	}
	return out
}

// trailerLine matches one "Key: value" line; it is compiled on first use.
var trailerLine = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^([A-Za-z0-9][A-Za-z0-9-]*)\s*:\s*(.*)$`)
})

// ParseTrailers returns the trailers of a commit message: the lines of its
// last paragraph when every line there is "Key: value" (or a continuation
// line starting with whitespace), and the paragraph is not the subject.
func ParseTrailers(msg string) []Trailer {
	msg = strings.TrimRight(strings.ReplaceAll(msg, "\r\n", "\n"), "\n \t")
	i := strings.LastIndex(msg, "\n\n")
	if i < 0 {
		return nil // only a subject (and maybe a body without blank line)
	}
	var out []Trailer
	re := trailerLine()
	for _, line := range strings.Split(msg[i+2:], "\n") {
		if line == "" {
			continue
		}
		if (line[0] == ' ' || line[0] == '\t') && len(out) > 0 {
			out[len(out)-1].Value += " " + strings.TrimSpace(line)
			continue
		}
		m := re.FindStringSubmatch(line)
		if m == nil {
			return nil
		}
		out = append(out, Trailer{Key: m[1], Value: strings.TrimSpace(m[2])})
	}
	return out
}

// Blob returns the content of path (relative to the working tree root,
// slash-separated) at a revision. ErrNoSuchPath when the commit has no such
// file, ErrBadRevision when rev is unknown.
func (r *Repo) Blob(rev, path string) ([]byte, error) {
	c, err := r.commitObject(rev)
	if err != nil {
		return nil, err
	}
	f, err := c.File(path)
	if err != nil {
		if errors.Is(err, object.ErrFileNotFound) || errors.Is(err, object.ErrDirectoryNotFound) {
			return nil, fmt.Errorf("%s at %s: %w", path, short(c.Hash.String()), ErrNoSuchPath)
		}
		return nil, fmt.Errorf("read %s at %s: %w", path, short(c.Hash.String()), err)
	}
	rd, err := f.Reader()
	if err != nil {
		return nil, fmt.Errorf("read %s at %s: %w", path, short(c.Hash.String()), err)
	}
	defer rd.Close()
	b, err := io.ReadAll(rd)
	if err != nil {
		return nil, fmt.Errorf("read %s at %s: %w", path, short(c.Hash.String()), err)
	}
	return b, nil
}

func short(h string) string {
	if len(h) > 12 {
		return h[:12]
	}
	return h
}
