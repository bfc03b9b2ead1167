package gitrepo

import (
	"bytes"
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/storer"
)

// RevParse resolves a revision to a full commit id with the git executable
// (`git rev-parse --verify REV^{commit}`). It accepts everything git does,
// including reflog and :/text forms that go-git does not.
func (r *Repo) RevParse(ctx context.Context, rev string) (string, error) {
	if rev == "" {
		rev = "HEAD"
	}
	if strings.HasPrefix(rev, "-") {
		return "", fmt.Errorf("rev-parse %q: %w", rev, ErrBadRevision)
	}
	arg := rev + "^{commit}"
	if strings.HasPrefix(rev, ":/") {
		arg = rev // names a commit; a suffix would join the text searched for
	}
	out, err := output(ctx, r.dir(), "rev-parse", "--verify", "--quiet", arg)
	if err != nil {
		// 1: no such object; 128: a revision git cannot read (a reflog
		// entry past the end, a bad form).
		if ge, ok := err.(*Error); ok && ge.kind == nil && (ge.ExitCode == 1 || ge.ExitCode == 128) {
			ge.kind = ErrBadRevision
		}
		return "", fmt.Errorf("rev-parse %q: %w", rev, err)
	}
	return strings.TrimSpace(string(out)), nil
}

// dir is the folder git commands run in.
func (r *Repo) dir() string {
	if r.WorkTree != "" {
		return r.WorkTree
	}
	return r.GitDir
}

// CommitBefore returns the newest commit reachable from rev ("" for HEAD)
// whose committer time is at or before t (`git rev-list -1 --before`), or ""
// when there is none. With Blob it gives a file's content as git had it
// when an edit was made.
func (r *Repo) CommitBefore(ctx context.Context, rev string, t time.Time) (string, error) {
	if rev == "" {
		rev = "HEAD"
	}
	if strings.HasPrefix(rev, "-") {
		return "", fmt.Errorf("rev-list %q: %w", rev, ErrBadRevision)
	}
	out, err := output(ctx, r.dir(), "rev-list", "-1", fmt.Sprintf("--before=%d", t.Unix()), rev, "--")
	if err != nil {
		return "", fmt.Errorf("commit before %s: %w", t.Format(time.RFC3339), err)
	}
	return strings.TrimSpace(string(out)), nil
}

// resolveRevision resolves rev to a commit id. The common forms are read in
// process: a full or abbreviated commit id, or a ref name expanded as git
// does (HEAD, branch, tag, remote branch, refs/...), then any ~N and ^N
// steps; annotated tags are peeled to their commit. Other forms (rev@{...},
// :/text, rev^{/text}, ...), and what the process cannot find (an
// abbreviated id of an object in an alternate object folder), are asked
// of the git executable. An unknown revision is ErrBadRevision.
func (r *Repo) resolveRevision(rev string) (plumbing.Hash, error) {
	base, steps, ok := splitRevision(rev)
	var h plumbing.Hash
	var err error
	if ok {
		h, err = r.resolveBase(base)
		for _, st := range steps {
			if err != nil {
				break
			}
			if st.caret {
				h, err = r.parent(h, st.count)
				continue
			}
			for range st.count {
				if h, err = r.parent(h, 1); err != nil {
					break
				}
			}
		}
	}
	if ok && !errors.Is(err, ErrBadRevision) {
		return h, err
	}
	// ResolveCommit takes no context; a rare form, or a revision that
	// does not resolve, costs one short git process.
	full, gerr := r.RevParse(context.Background(), rev)
	if gerr != nil {
		if err != nil {
			return plumbing.ZeroHash, err
		}
		return plumbing.ZeroHash, gerr
	}
	return plumbing.NewHash(full), nil
}

// parent returns the n-th parent of the commit h (h itself for 0).
func (r *Repo) parent(h plumbing.Hash, n int) (plumbing.Hash, error) {
	if n == 0 {
		return h, nil
	}
	c, err := r.repo.CommitObject(h)
	if errors.Is(err, plumbing.ErrObjectNotFound) {
		// A parent beyond a shallow clone's edge.
		return plumbing.ZeroHash, fmt.Errorf("%s: %w", short(h.String()), ErrBadRevision)
	}
	if err != nil {
		return plumbing.ZeroHash, fmt.Errorf("read commit %s: %w", short(h.String()), err)
	}
	if len(c.ParentHashes) < n {
		return plumbing.ZeroHash, fmt.Errorf("%s has no parent %d: %w", short(h.String()), n, ErrBadRevision)
	}
	return c.ParentHashes[n-1], nil
}

// revStep is one ~N (count first parents) or ^N (the count-th parent; ^0
// the commit itself) step of a revision.
type revStep struct {
	caret bool
	count int
}

// splitRevision splits rev into its base and its ~N and ^N steps. ok is
// false for any other form.
func splitRevision(rev string) (base string, steps []revStep, ok bool) {
	i := strings.IndexAny(rev, "~^")
	if i < 0 {
		i = len(rev)
	}
	base, rest := rev[:i], rev[i:]
	if base == "" || base == "@" || strings.ContainsAny(base, ":{}\\ ") || strings.Contains(base, "@{") {
		return "", nil, false
	}
	for rest != "" {
		st := revStep{caret: rest[0] == '^', count: 1}
		j := 1
		for j < len(rest) && rest[j] >= '0' && rest[j] <= '9' {
			j++
		}
		if j > 1 {
			n, err := strconv.Atoi(rest[1:j])
			if err != nil {
				return "", nil, false
			}
			st.count = n
		} else if rest[0] != '~' && rest[0] != '^' {
			return "", nil, false
		}
		steps = append(steps, st)
		rest = rest[j:]
	}
	return base, steps, true
}

// resolveBase resolves the base of a revision in git's order: a full
// commit id, then a ref, then an abbreviated commit id.
func (r *Repo) resolveBase(base string) (plumbing.Hash, error) {
	if len(base) == 2*len(plumbing.ZeroHash) && isHex(base) {
		return r.peelToCommit(plumbing.NewHash(base))
	}
	for _, rule := range plumbing.RefRevParseRules {
		name := plumbing.ReferenceName(fmt.Sprintf(rule, base))
		if !validRefName(name) {
			continue
		}
		ref, err := storer.ResolveReference(r.repo, name)
		if err == nil {
			return r.peelToCommit(ref.Hash())
		}
		if !errors.Is(err, plumbing.ErrReferenceNotFound) {
			return plumbing.ZeroHash, fmt.Errorf("read ref %s: %w", name, err)
		}
	}
	if len(base) >= 4 && isHex(base) {
		return r.resolvePrefix(strings.ToLower(base))
	}
	return plumbing.ZeroHash, fmt.Errorf("%s: %w", base, ErrBadRevision)
}

// validRefName accepts the names git would look up: valid ref names under
// refs/ and one-level names in capitals such as HEAD and ORIG_HEAD.
func validRefName(name plumbing.ReferenceName) bool {
	s := string(name)
	if !strings.Contains(s, "/") {
		return s != "" && strings.Trim(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZ_") == ""
	}
	return strings.HasPrefix(s, "refs/") && name.Validate() == nil
}

// resolvePrefix finds the one commit (or tag of a commit) whose id starts
// with the lowercase hex prefix.
func (r *Repo) resolvePrefix(prefix string) (plumbing.Hash, error) {
	b, err := hex.DecodeString(prefix[:len(prefix)&^1])
	if err != nil {
		return plumbing.ZeroHash, fmt.Errorf("%s: %w", prefix, ErrBadRevision)
	}
	hashes, err := r.repo.HashesWithPrefix(b)
	if err != nil {
		return plumbing.ZeroHash, fmt.Errorf("look up %s: %w", prefix, err)
	}
	var found []plumbing.Hash
	for _, h := range hashes {
		if !strings.HasPrefix(h.String(), prefix) {
			continue
		}
		c, err := r.peelToCommit(h)
		if errors.Is(err, ErrBadRevision) {
			continue // a tree or a blob
		}
		if err != nil {
			return plumbing.ZeroHash, err
		}
		if !slices.Contains(found, c) {
			found = append(found, c)
		}
	}
	switch len(found) {
	case 0:
		return plumbing.ZeroHash, fmt.Errorf("%s: %w", prefix, ErrBadRevision)
	case 1:
		return found[0], nil
	}
	return plumbing.ZeroHash, fmt.Errorf("%s names %d commits: %w", prefix, len(found), ErrBadRevision)
}

// peelToCommit follows annotated tags from h to the commit they name.
func (r *Repo) peelToCommit(h plumbing.Hash) (plumbing.Hash, error) {
	for range 16 {
		obj, err := r.repo.EncodedObject(plumbing.AnyObject, h)
		if errors.Is(err, plumbing.ErrObjectNotFound) {
			return plumbing.ZeroHash, fmt.Errorf("%s: %w", short(h.String()), ErrBadRevision)
		}
		if err != nil {
			return plumbing.ZeroHash, fmt.Errorf("read object %s: %w", short(h.String()), err)
		}
		switch obj.Type() {
		case plumbing.CommitObject:
			return h, nil
		case plumbing.TagObject:
			b, err := r.repo.content(plumbing.TagObject, h)
			if err != nil {
				return plumbing.ZeroHash, fmt.Errorf("read tag %s: %w", short(h.String()), err)
			}
			target, ok := bytes.CutPrefix(b, []byte("object "))
			if !ok || len(target) < 2*len(plumbing.ZeroHash) || !isHex(string(target[:2*len(plumbing.ZeroHash)])) {
				return plumbing.ZeroHash, fmt.Errorf("tag %s names no object", short(h.String()))
			}
			h = plumbing.NewHash(string(target[:2*len(plumbing.ZeroHash)]))
		default:
			return plumbing.ZeroHash, fmt.Errorf("%s is a %s, not a commit: %w", short(h.String()), obj.Type(), ErrBadRevision)
		}
	}
	return plumbing.ZeroHash, fmt.Errorf("%s: tags nested too deep: %w", short(h.String()), ErrBadRevision)
}

func isHex(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F') {
			return false
		}
	}
	return true
}
