package gitrepo

import (
	"errors"
	"fmt"
	"time"

	"github.com/go-git/go-git/v5"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/object"
)

// Signature names who made a commit, and when.
type Signature struct {
	Name  string
	Email string
	When  time.Time
}

// ErrNothingToCommit: CommitAll found the working tree equal to HEAD.
var ErrNothingToCommit = errors.New("nothing to commit")

// Init creates an empty repository in dir (an existing folder) whose HEAD
// names branch. It reads no user or system git configuration, so the
// repository it makes is the same on every machine.
func Init(dir, branch string) error {
	_, err := git.PlainInitWithOptions(dir, &git.PlainInitOptions{
		InitOptions: git.InitOptions{DefaultBranch: plumbing.NewBranchReferenceName(branch)},
	})
	if err != nil {
		return fmt.Errorf("init repository %s: %w", dir, err)
	}
	return nil
}

// CommitAll stages every change of the working tree of the repository at
// dir (new, changed and deleted files, like `git add -A`) and commits it on
// the current branch with msg, author and committer. It returns the new
// commit's full hash. Equal inputs give equal hashes. A working tree with no
// change is ErrNothingToCommit.
func CommitAll(dir, msg string, author, committer Signature) (string, error) {
	if author.Name == "" || author.Email == "" || committer.Name == "" || committer.Email == "" {
		return "", fmt.Errorf("commit in %s: author and committer need a name and an email", dir)
	}
	g, err := git.PlainOpen(dir)
	if errors.Is(err, git.ErrRepositoryNotExists) {
		return "", fmt.Errorf("%s: %w", dir, ErrNotRepository)
	}
	if err != nil {
		return "", fmt.Errorf("commit in %s: %w", dir, err)
	}
	wt, err := g.Worktree()
	if err != nil {
		return "", fmt.Errorf("commit in %s: %w", dir, err)
	}
	if err := wt.AddWithOptions(&git.AddOptions{All: true}); err != nil {
		return "", fmt.Errorf("commit in %s: stage: %w", dir, err)
	}
	h, err := wt.Commit(msg, &git.CommitOptions{
		Author:    &object.Signature{Name: author.Name, Email: author.Email, When: author.When},
		Committer: &object.Signature{Name: committer.Name, Email: committer.Email, When: committer.When},
	})
	if errors.Is(err, git.ErrEmptyCommit) {
		return "", fmt.Errorf("commit in %s: %w", dir, ErrNothingToCommit)
	}
	if err != nil {
		return "", fmt.Errorf("commit in %s: %w", dir, err)
	}
	return h.String(), nil
}
