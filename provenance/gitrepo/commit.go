package gitrepo

import (
	"bytes"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/go-git/go-git/v5/plumbing"
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

// LooseCommit is ResolveCommit of a full commit id when the commit was
// read before in this process or is a loose object: it reads no pack and
// nothing through go-git, whose object store is not safe for concurrent
// use, so it can run while another goroutine reads the repository. ok is
// false otherwise (ResolveCommit then answers).
func (r *Repo) LooseCommit(id string) (c Commit, ok bool) {
	if len(id) != 2*len(plumbing.ZeroHash) || !isHex(id) {
		return Commit{}, false
	}
	h := plumbing.NewHash(id)
	if o, ok := cachedCommit(r.CommonDir, h); ok {
		return commitFromObject(o), true
	}
	b, ok := looseContent(r.repo.objects, plumbing.CommitObject, h)
	if !ok {
		return Commit{}, false
	}
	o, err := decodeCommit(h, b)
	if err != nil {
		return Commit{}, false
	}
	keepCommit(r.CommonDir, o)
	return commitFromObject(o), true
}

func (r *Repo) commitObject(rev string) (*commitObject, error) {
	if rev == "" {
		rev = "HEAD"
	}
	full := len(rev) == 2*len(plumbing.ZeroHash) && isHex(rev)
	if full {
		// A full id of a commit read before; else, read as a commit
		// right away (a tag's id is peeled below).
		if c, ok := cachedCommit(r.CommonDir, plumbing.NewHash(rev)); ok {
			return c, nil
		}
		if c, err := r.repo.CommitObject(plumbing.NewHash(rev)); err == nil {
			keepCommit(r.CommonDir, c)
			return c, nil
		}
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
	keepCommit(r.CommonDir, c)
	return c, nil
}

func commitFromObject(c *commitObject) Commit {
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

// commitObject is a commit as git stores it. hansard reads and writes
// commit objects itself: go-git's object package would load an OpenPGP
// implementation, for signature checks hansard never makes, into every
// process.
type commitObject struct {
	Hash         plumbing.Hash
	TreeHash     plumbing.Hash
	ParentHashes []plumbing.Hash
	Author       Signature
	Committer    Signature
	Message      string
}

// decodeCommit reads a commit object's content: header lines (tree,
// parent, author, committer; others such as gpgsig and their continuation
// lines are skipped), a blank line, the message.
func decodeCommit(h plumbing.Hash, b []byte) (*commitObject, error) {
	c := &commitObject{Hash: h}
	sawTree := false
	for len(b) > 0 {
		line, rest, found := bytes.Cut(b, []byte("\n"))
		b = rest
		if len(line) == 0 {
			c.Message = string(b)
			break
		}
		if !found { // a header without the blank line and message
			b = nil
		}
		key, val, _ := bytes.Cut(line, []byte(" "))
		switch string(key) {
		case "tree", "parent":
			// go-git's NewHash would read a bad id as the zero id.
			if len(val) != 2*len(plumbing.ZeroHash) || !isHex(string(val)) {
				return nil, fmt.Errorf("commit %s: bad %s id %q", short(h.String()), key, val)
			}
			if key[0] == 'p' {
				c.ParentHashes = append(c.ParentHashes, plumbing.NewHash(string(val)))
			} else if !sawTree {
				c.TreeHash, sawTree = plumbing.NewHash(string(val)), true
			}
		case "author":
			c.Author = decodeSignature(val)
		case "committer":
			c.Committer = decodeSignature(val)
		}
	}
	if !sawTree {
		return nil, fmt.Errorf("commit %s: no tree header", short(h.String()))
	}
	return c, nil
}

// decodeSignature reads "Name <email> 1700000000 +0100", as leniently as
// git: missing parts stay empty.
func decodeSignature(b []byte) Signature {
	var s Signature
	open, end := bytes.LastIndexByte(b, '<'), bytes.LastIndexByte(b, '>')
	if open < 0 || end < open {
		return s
	}
	s.Name = string(bytes.Trim(b[:open], " "))
	s.Email = string(b[open+1 : end])
	if end+2 >= len(b) {
		return s
	}
	stamp, zone, _ := bytes.Cut(b[end+2:], []byte(" "))
	ts, err := strconv.ParseInt(string(stamp), 10, 64)
	if err != nil {
		return s
	}
	s.When = time.Unix(ts, 0).UTC()
	if len(zone) < 5 {
		return s
	}
	hours, err1 := strconv.ParseInt(string(zone[:3]), 10, 64)
	mins, err2 := strconv.ParseInt(string(zone[3:5]), 10, 64)
	if err1 != nil || err2 != nil {
		return s
	}
	if zone[0] == '-' {
		mins = -mins
	}
	s.When = s.When.In(time.FixedZone("", int(hours*3600+mins*60)))
	return s
}

// encode writes the commit's content as git does.
func (c *commitObject) encode() []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "tree %s\n", c.TreeHash)
	for _, p := range c.ParentHashes {
		fmt.Fprintf(&b, "parent %s\n", p)
	}
	fmt.Fprintf(&b, "author %s\ncommitter %s\n\n%s", encodeSignature(c.Author), encodeSignature(c.Committer), c.Message)
	return b.Bytes()
}

func encodeSignature(s Signature) string {
	return fmt.Sprintf("%s <%s> %d %s", s.Name, s.Email, max(s.When.Unix(), 0), s.When.Format("-0700"))
}

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
	h, err := r.repo.pathAt(c.TreeHash, path)
	if err != nil {
		return nil, fmt.Errorf("read %s at %s: %w", path, short(c.Hash.String()), err)
	}
	b, err := r.repo.content(plumbing.BlobObject, h)
	if errors.Is(err, plumbing.ErrObjectNotFound) {
		// A folder, or a submodule's commit.
		return nil, fmt.Errorf("%s at %s: %w", path, short(c.Hash.String()), ErrNoSuchPath)
	}
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
