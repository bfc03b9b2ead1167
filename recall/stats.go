package recall

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"hansard/provenance"
	"hansard/provenance/gitrepo"
)

// Limits of stats: larger files and files with a NUL byte in their first
// statsSniff bytes (git's test for binary) are skipped and counted.
const (
	StatsMaxBytes = 2 << 20
	statsSniff    = 8000
)

// StatsRequest asks who wrote the lines of a file or a folder.
type StatsRequest struct {
	// Path is a file or a folder, relative to the caller's folder or
	// absolute; empty is the caller's repository.
	Path string `json:"path,omitempty"`
}

// StatsResponse is the share of the lines written by each provider and
// session, from why's answer for every line.
type StatsResponse struct {
	Notice string `json:"notice"`
	Repo   string `json:"repo"`
	// Path is the file or folder, relative to Repo ("." for all of it).
	Path   string `json:"path"`
	Folder bool   `json:"folder,omitempty"`
	// Files counts the files read, Lines their lines.
	Files int `json:"files"`
	Lines int `json:"lines"`
	// Statuses counts the lines by why's status, in the order proven,
	// possible, conflicting, uncommitted, none.
	Statuses []StatsCount `json:"statuses"`
	// Providers and Sessions share the lines an answer credits to one
	// edit (proven, possible, uncommitted), most lines first.
	Providers []StatsShare   `json:"providers"`
	Sessions  []StatsSession `json:"sessions"`
	// Conflicting counts the lines several sessions qualify for equally;
	// Nobody the lines no archived conversation wrote (none).
	Conflicting StatsShare `json:"conflicting"`
	Nobody      StatsShare `json:"nobody"`
	// Skipped counts the files left out, by reason (binary, too_large,
	// missing: tracked but not in the working tree, error).
	Skipped []StatsCount `json:"skipped,omitempty"`
	// Notes name what could not be read.
	Notes []string `json:"notes,omitempty"`
}

// StatsCount is a number of lines (or, in Skipped, of files) of a kind.
type StatsCount struct {
	Kind  string `json:"kind"`
	Count int    `json:"count"`
}

// StatsShare is a number of lines and its share of all of them (0 to 1).
type StatsShare struct {
	Name  string  `json:"name,omitempty"`
	Lines int     `json:"lines"`
	Share float64 `json:"share"`
}

// StatsSession is a conversation's share of the lines.
type StatsSession struct {
	SessionID string `json:"session_id"`
	Provider  string `json:"provider"`
	Title     string `json:"title,omitempty"`
	Started   string `json:"started,omitempty"`
	// Files counts the files holding lines it wrote.
	Files int `json:"files"`
	StatsShare
}

// Reasons a file is skipped.
const (
	SkipBinary   = "binary"
	SkipTooLarge = "too_large"
	SkipMissing  = "missing"
	SkipError    = "error"
)

// statsNotes bounds the notes naming files that could not be answered.
const statsNotes = 10

// Stats answers a StatsRequest with why's answers for every line of the
// file, or of every tracked file of the folder (binary and larger files
// skipped and counted), answered by one attributor so that the archive is
// brought up to date once and cached answers are reused.
func (h *Host) Stats(ctx context.Context, req StatsRequest, scope Scope) (StatsResponse, error) {
	a, err := h.Archive(ctx)
	if err != nil {
		return StatsResponse{}, err
	}
	abs, err := h.locate(ctx, a, req.Path, "", scope.Dir)
	if err != nil {
		return StatsResponse{}, err
	}
	fi, err := os.Stat(abs)
	if err != nil {
		return StatsResponse{}, invalidArgf("path", "%s: no such file or folder", shownPath(req.Path))
	}
	dir := abs
	if !fi.IsDir() {
		dir = filepath.Dir(abs)
	}
	repo, err := gitrepo.Open(dir)
	if errors.Is(err, gitrepo.ErrNotRepository) {
		return StatsResponse{}, invalidArgf("path", "%s is not inside a git repository", shownPath(req.Path))
	}
	if err != nil {
		return StatsResponse{}, internal("open the repository", err)
	}
	if req.Path == "" { // the whole repository, from any folder of it
		abs = repo.Root
	}
	rel, err := repo.Rel(abs)
	if err != nil {
		return StatsResponse{}, invalidArg("path", err.Error())
	}
	resp := StatsResponse{Notice: EvidenceNotice, Repo: repo.Root, Path: rel, Folder: fi.IsDir()}
	files := []string{rel}
	if fi.IsDir() {
		if files, err = trackedUnder(ctx, repo, rel); err != nil {
			return StatsResponse{}, internal("list the tracked files", err)
		}
	}
	run := h.newWhyRun(a, repo)
	defer run.close(h)
	t := newStatsTally()
	for _, f := range files {
		if err := ctx.Err(); err != nil {
			return StatsResponse{}, err
		}
		path := filepath.Join(repo.Root, filepath.FromSlash(f))
		if reason := statsSkip(path); reason != "" {
			t.skip(reason)
			continue
		}
		out, err := run.why(ctx, repo, provenance.Query{Path: path})
		if err != nil {
			if ctx.Err() != nil {
				return StatsResponse{}, ctx.Err()
			}
			if !fi.IsDir() {
				return StatsResponse{}, whyError(shownPath(req.Path), "", err)
			}
			t.skip(SkipError)
			if len(resp.Notes) < statsNotes {
				resp.Notes = append(resp.Notes, fmt.Sprintf("%s: %v", f, err))
			}
			continue
		}
		t.add(out)
	}
	t.fill(&resp)
	return resp, nil
}

func shownPath(p string) string {
	if p == "" {
		return "the working folder"
	}
	return p
}

// trackedUnder lists the tracked files in folder rel ("." for all).
func trackedUnder(ctx context.Context, repo *gitrepo.Repo, rel string) ([]string, error) {
	all, err := repo.TrackedFiles(ctx)
	if err != nil {
		return nil, err
	}
	if rel == "." || rel == "" {
		return all, nil
	}
	prefix := strings.TrimSuffix(rel, "/") + "/"
	var out []string
	for _, f := range all {
		if strings.HasPrefix(f, prefix) {
			out = append(out, f)
		}
	}
	return out, nil
}

// statsSkip says why a file is left out: missing, too large or binary;
// "" when it is read.
func statsSkip(path string) string {
	fi, err := os.Lstat(path)
	switch {
	case err != nil:
		return SkipMissing
	case !fi.Mode().IsRegular():
		return SkipBinary // a symbolic link or a submodule holds no lines of its own
	case fi.Size() > StatsMaxBytes:
		return SkipTooLarge
	}
	f, err := os.Open(path)
	if err != nil {
		return SkipError
	}
	defer f.Close()
	head := make([]byte, statsSniff)
	n, _ := f.Read(head)
	if bytes.IndexByte(head[:n], 0) >= 0 {
		return SkipBinary
	}
	return ""
}

// statsTally adds up the answers of the files read.
type statsTally struct {
	files, lines int
	status       map[string]int
	provider     map[string]int
	session      map[string]*StatsSession
	sessionFiles map[string]map[string]bool
	skipped      map[string]int
}

func newStatsTally() *statsTally {
	return &statsTally{status: map[string]int{}, provider: map[string]int{}, session: map[string]*StatsSession{},
		sessionFiles: map[string]map[string]bool{}, skipped: map[string]int{}}
}

func (t *statsTally) skip(reason string) { t.skipped[reason]++ }

func (t *statsTally) add(answers []provenance.Attribution) {
	t.files++
	for _, a := range answers {
		t.lines++
		t.status[a.Status]++
		e := a.Edit
		if e == nil || a.Status == provenance.StatusConflicting {
			continue
		}
		t.provider[e.Provider]++
		s := t.session[e.SessionID]
		if s == nil {
			s = &StatsSession{SessionID: e.SessionID, Provider: e.Provider, Title: e.SessionTitle, Started: e.SessionStarted}
			t.session[e.SessionID] = s
			t.sessionFiles[e.SessionID] = map[string]bool{}
		}
		s.Lines++
		t.sessionFiles[e.SessionID][a.Path] = true
	}
}

func (t *statsTally) share(n int) float64 {
	if t.lines == 0 {
		return 0
	}
	return float64(n) / float64(t.lines)
}

func (t *statsTally) fill(r *StatsResponse) {
	r.Files, r.Lines = t.files, t.lines
	for _, s := range []string{provenance.StatusProven, provenance.StatusPossible, provenance.StatusConflicting, provenance.StatusUncommitted, provenance.StatusNone} {
		r.Statuses = append(r.Statuses, StatsCount{Kind: s, Count: t.status[s]})
	}
	r.Providers = []StatsShare{}
	for p, n := range t.provider {
		r.Providers = append(r.Providers, StatsShare{Name: p, Lines: n, Share: t.share(n)})
	}
	slices.SortFunc(r.Providers, func(a, b StatsShare) int {
		if a.Lines != b.Lines {
			return b.Lines - a.Lines
		}
		return strings.Compare(a.Name, b.Name)
	})
	r.Sessions = []StatsSession{}
	for id, s := range t.session {
		s.Share, s.Files = t.share(s.Lines), len(t.sessionFiles[id])
		r.Sessions = append(r.Sessions, *s)
	}
	slices.SortFunc(r.Sessions, func(a, b StatsSession) int {
		if a.Lines != b.Lines {
			return b.Lines - a.Lines
		}
		return strings.Compare(a.SessionID, b.SessionID)
	})
	c := t.status[provenance.StatusConflicting]
	r.Conflicting = StatsShare{Lines: c, Share: t.share(c)}
	n := t.status[provenance.StatusNone]
	r.Nobody = StatsShare{Lines: n, Share: t.share(n)}
	for _, k := range []string{SkipBinary, SkipTooLarge, SkipMissing, SkipError} {
		if t.skipped[k] > 0 {
			r.Skipped = append(r.Skipped, StatsCount{Kind: k, Count: t.skipped[k]})
		}
	}
}
