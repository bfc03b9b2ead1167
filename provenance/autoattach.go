package provenance

import (
	"context"
	"fmt"
	"iter"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"hansard/archive"
	"hansard/provenance/gitrepo"
)

// AutoMap is a path map found from the git state agents recorded: the
// folder a repository was checked out in where the sessions ran (From),
// and its checkout on this machine (To).
type AutoMap struct {
	Map archive.PathMap
	// Sessions are the sessions whose recorded state names the repository.
	Sessions []string
	// Why says what matched: the remote URL, the HEAD commit, or both.
	Why string
}

// localRepo is a repository on this machine that a recorded session may
// belong to.
type localRepo struct {
	repo   *gitrepo.Repo
	top    string // the checkout's top folder
	remote string // normalized origin URL, "" without one
}

// FindAutoMaps proposes a path map for each folder where sessions attached
// to no repository were recorded, when their recorded git state names
// exactly one of the local repositories (roots, main repository roots or
// checkouts): its remote URL (the origin's, compared without scheme, user
// and ".git"), else a HEAD commit only it holds, else a commit the session
// made with git commit (id prefix and summary as git printed them) only it
// holds. A folder name alone is never evidence. The recorded folder may be a subfolder of the
// repository: the map then goes from the recorded repository's top, found
// as the longest tail of the recorded folder that is a folder of the
// checkout here, checked against the files the session edited (the tail
// whose map finds most of them on this machine wins). Folders some map in
// use already covers (existing) are left alone, as are folders for which
// sessions name different repositories.
func FindAutoMaps(ctx context.Context, recorded []archive.RecordedGit, roots []string, existing []archive.PathMap) ([]AutoMap, error) {
	if len(recorded) == 0 {
		return nil, nil
	}
	var local []localRepo
	seen := map[string]bool{}
	for _, root := range roots {
		r, err := gitrepo.Open(root)
		if err != nil {
			continue // a repository gone or broken attaches nothing
		}
		top := r.Root
		if r.WorkTree != "" {
			top = r.WorkTree
		}
		if seen[top] {
			continue
		}
		seen[top] = true
		url, err := r.RemoteURL("origin")
		if err != nil {
			continue
		}
		local = append(local, localRepo{repo: r, top: top, remote: NormalizeRemote(url)})
	}
	byFrom := map[string]*AutoMap{}
	var order []string
	bad := map[string]bool{}
	for _, g := range recorded {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if covered(existing, g.CWD) {
			continue
		}
		lr, why, ok := pickRepo(local, g)
		if !ok {
			continue
		}
		from := recordedTop(g, lr.top)
		m := byFrom[from]
		switch {
		case bad[from]:
			continue
		case m == nil:
			m = &AutoMap{Map: archive.PathMap{From: from, To: lr.top}, Why: why}
			byFrom[from] = m
			order = append(order, from)
		case m.Map.To != lr.top:
			bad[from] = true
			continue
		}
		m.Sessions = append(m.Sessions, g.SessionID)
	}
	var out []AutoMap
	for _, from := range order {
		if !bad[from] {
			out = append(out, *byFrom[from])
		}
	}
	return out, nil
}

// pickRepo returns the one local repository the recorded state names, and
// why.
func pickRepo(local []localRepo, g archive.RecordedGit) (localRepo, string, bool) {
	url := NormalizeRemote(g.RepoURL)
	made := madeCommits(g.CommitOutputs)
	var byURL, byCommit, byMade []int
	for i, lr := range local {
		if url != "" && lr.remote == url {
			byURL = append(byURL, i)
		}
		if g.Commit != "" {
			if _, err := lr.repo.ResolveCommit(g.Commit); err == nil {
				byCommit = append(byCommit, i)
			}
		}
		if holdsOne(lr.repo, made) {
			byMade = append(byMade, i)
		}
	}
	switch {
	case len(byURL) == 1:
		i := byURL[0]
		why := "its recorded remote " + g.RepoURL + " is this checkout's origin"
		if slices.Contains(byCommit, i) {
			why += ", and its recorded HEAD commit " + shortSHA(g.Commit) + " is here"
		}
		return local[i], why, true
	case len(byURL) == 0 && len(byCommit) == 1:
		return local[byCommit[0]], "its recorded HEAD commit " + shortSHA(g.Commit) + " is in this repository only", true
	case len(byURL) == 0 && len(byCommit) == 0 && len(byMade) == 1:
		return local[byMade[0]], "a commit it made with git commit (" + made[0].sha + " " + made[0].summary + ") is in this repository only", true
	}
	return localRepo{}, "", false
}

// madeCommitLine is a commit a session made, as git commit printed it.
type madeCommitLine struct{ sha, summary string }

// madeCommits reads the "[branch sha] summary" lines of git commit outputs.
func madeCommits(outputs []string) []madeCommitLine {
	var out []madeCommitLine
	for _, o := range outputs {
		for _, m := range commitLine().FindAllStringSubmatch(o, -1) {
			out = append(out, madeCommitLine{sha: m[1], summary: strings.TrimSpace(m[2])})
		}
	}
	return out
}

// holdsOne reports whether repo holds one of the commits, by id prefix
// and summary both.
func holdsOne(repo *gitrepo.Repo, made []madeCommitLine) bool {
	for _, m := range made {
		if c, err := repo.ResolveCommit(m.sha); err == nil && strings.HasPrefix(c.Hash, m.sha) && c.Summary == m.summary {
			return true
		}
	}
	return false
}

// recordedTop returns the folder that held the repository's top where g
// was recorded: g's folder less its longest tail that is a folder of top,
// the tail that finds most of the session's edited files under top.
func recordedTop(g archive.RecordedGit, top string) string {
	cwd := filepath.Clean(g.CWD)
	best, bestFound := cwd, found(g.Files, cwd, top)
	for head := range CheckoutTails(cwd, top) {
		if n := found(g.Files, head, top); n >= bestFound {
			best, bestFound = head, n
		}
	}
	return best
}

// CheckoutTails yields, for an absolute recorded folder, each head of it
// (the folder less its last parts, shortest tail first) whose tail is a
// folder of top: where the recorded folder may have been top's subfolder
// top/tail, its repository's top being head.
func CheckoutTails(recorded, top string) iter.Seq[string] {
	return func(yield func(string) bool) {
		cwd := filepath.Clean(recorded)
		parts := strings.Split(strings.Trim(cwd, string(filepath.Separator)), string(filepath.Separator))
		for k := 1; k < len(parts); k++ {
			tail := filepath.Join(parts[len(parts)-k:]...)
			if fi, err := os.Stat(filepath.Join(top, tail)); err != nil || !fi.IsDir() {
				continue
			}
			if !yield(string(filepath.Separator) + filepath.Join(parts[:len(parts)-k]...)) {
				return
			}
		}
	}
}

// found counts the files under from that exist under to once mapped.
func found(files []string, from, to string) int {
	n := 0
	for _, f := range files {
		rel, err := filepath.Rel(from, f)
		if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			continue
		}
		if _, err := os.Stat(filepath.Join(to, rel)); err == nil {
			n++
		}
	}
	return n
}

// covered reports whether a map of maps applies to dir.
func covered(maps []archive.PathMap, dir string) bool {
	dir = filepath.Clean(dir)
	for _, m := range maps {
		from := filepath.Clean(m.From)
		if dir == from || strings.HasPrefix(dir, strings.TrimSuffix(from, string(filepath.Separator))+string(filepath.Separator)) {
			return true
		}
	}
	return false
}

// NormalizeRemote reduces a git remote URL to host/path, so that the ssh,
// scp-like and https forms of one repository compare equal:
// git@github.com:o/r.git, ssh://git@github.com/o/r and
// https://user@github.com/o/r/ are all github.com/o/r. A local path stays
// a path.
func NormalizeRemote(url string) string {
	u := strings.TrimSpace(url)
	if u == "" {
		return ""
	}
	if i := strings.Index(u, "://"); i >= 0 {
		u = u[i+3:]
	} else if c := strings.IndexByte(u, ':'); c > 0 && !strings.Contains(u[:c], "/") {
		u = u[:c] + "/" + u[c+1:] // scp-like host:path
	}
	if at := strings.LastIndexByte(strings.SplitN(u, "/", 2)[0], '@'); at >= 0 {
		u = u[at+1:]
	}
	u = strings.TrimSuffix(strings.TrimRight(u, "/"), ".git")
	host, path, _ := strings.Cut(u, "/")
	if path == "" {
		return strings.ToLower(host)
	}
	return strings.ToLower(host) + "/" + path
}

func shortSHA(h string) string {
	if len(h) > 8 {
		return h[:8]
	}
	return h
}

// String is the line that says what was attached and why.
func (m AutoMap) String() string {
	who := "session " + shortSHA(m.Sessions[0])
	if n := len(m.Sessions) - 1; n > 0 {
		who += fmt.Sprintf(" and %d more", n)
	}
	return fmt.Sprintf("attached the sessions recorded in %s to %s (--map %s=%s): for %s, %s",
		m.Map.From, m.Map.To, m.Map.From, m.Map.To, who, m.Why)
}
