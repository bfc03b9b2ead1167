package codex

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Live describes where to look for the rollout a running Codex process is
// writing.
type Live struct {
	// Sessions is $CODEX_HOME/sessions (see Provider.Roots).
	Sessions string
	// Dir is the client's working folder: the rollout's session_meta cwd
	// must be this folder.
	Dir string
	// PID is the Codex process (an MCP server's parent); 0 skips the
	// open-file lookup.
	PID int
	// ProcRoot is the proc file system ("/proc" when empty). On systems
	// without one only the recent-file fallback applies.
	ProcRoot string
	// Now is the current time (time.Now when nil).
	Now func() time.Time
}

// Rollout is a rollout file and what its first line says.
type Rollout struct {
	Path      string
	SessionID string // session_meta payload.id
	CWD       string // session_meta payload.cwd
	ModTime   time.Time
}

// Within the fallback, a rollout modified longer ago than this is not
// taken for a running session's.
const liveWindow = time.Hour

// maxMetaLine bounds the read of a rollout's first line (session_meta
// carries the base instructions, tens of KiB).
const maxMetaLine = 1 << 20

// ErrNoLiveSession: no rollout of the working folder is being written.
var ErrNoLiveSession = errors.New("no Codex rollout of this folder is open or recently written")

// LiveSession returns the rollout of the Codex session in l.Dir that
// process l.PID is writing: among the rollouts under l.Sessions the process
// holds open (read from <proc>/<pid>/fd), the newest whose session_meta cwd
// is l.Dir. When there is none it falls back to the newest rollout of that
// folder modified within the last hour, and fails with ErrNoLiveSession
// when there is none either. Only each candidate's first line is read.
func LiveSession(l Live) (Rollout, error) {
	dir := cleanDir(l.Dir)
	if dir == "" {
		return Rollout{}, ErrNoLiveSession
	}
	if r, ok := pick(openRollouts(l), dir, time.Time{}); ok {
		return r, nil
	}
	now := time.Now
	if l.Now != nil {
		now = l.Now
	}
	if r, ok := pick(recentRollouts(l.Sessions, now().Add(-liveWindow)), dir, now().Add(-liveWindow)); ok {
		return r, nil
	}
	return Rollout{}, ErrNoLiveSession
}

// pick returns the newest of paths modified after since whose session_meta
// cwd is dir.
func pick(paths []string, dir string, since time.Time) (Rollout, bool) {
	var rs []Rollout
	for _, p := range paths {
		info, err := os.Stat(p)
		if err != nil || !info.Mode().IsRegular() || info.ModTime().Before(since) {
			continue
		}
		rs = append(rs, Rollout{Path: p, ModTime: info.ModTime()})
	}
	slices.SortStableFunc(rs, func(a, b Rollout) int { return b.ModTime.Compare(a.ModTime) })
	for _, r := range rs {
		id, cwd, ok := readMeta(r.Path)
		if ok && cleanDir(cwd) == dir {
			r.SessionID, r.CWD = id, cwd
			return r, true
		}
	}
	return Rollout{}, false
}

// openRollouts lists the rollouts under l.Sessions that process l.PID
// holds open.
func openRollouts(l Live) []string {
	if l.PID <= 0 || l.Sessions == "" {
		return nil
	}
	proc := l.ProcRoot
	if proc == "" {
		proc = "/proc"
	}
	fdDir := filepath.Join(proc, strconv.Itoa(l.PID), "fd")
	entries, err := os.ReadDir(fdDir)
	if err != nil {
		return nil
	}
	root := cleanDir(l.Sessions) + string(filepath.Separator)
	var out []string
	for _, e := range entries {
		target, err := os.Readlink(filepath.Join(fdDir, e.Name()))
		if err != nil || !strings.HasPrefix(target, root) || !isRollout(filepath.Base(target)) {
			continue
		}
		if !slices.Contains(out, target) {
			out = append(out, target)
		}
	}
	return out
}

// recentRollouts lists the rollouts under sessions modified after since.
func recentRollouts(sessions string, since time.Time) []string {
	if sessions == "" {
		return nil
	}
	var out []string
	filepath.WalkDir(sessions, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if d != nil && d.IsDir() && p != sessions {
				return fs.SkipDir
			}
			return nil
		}
		if d.IsDir() || !isRollout(d.Name()) {
			return nil
		}
		if info, err := d.Info(); err == nil && !info.ModTime().Before(since) {
			out = append(out, p)
		}
		return nil
	})
	return out
}

// readMeta reads the session id and cwd of a rollout's first line, a
// session_meta record, reading at most maxMetaLine bytes.
func readMeta(path string) (id, cwd string, ok bool) {
	f, err := os.Open(path)
	if err != nil {
		return "", "", false
	}
	defer f.Close()
	// ReadBytes stops at the first newline; the limit bounds a file
	// without one.
	line, err := bufio.NewReader(io.LimitReader(f, maxMetaLine)).ReadBytes('\n')
	if err != nil && !errors.Is(err, io.EOF) {
		return "", "", false
	}
	return parseMeta(line)
}

func parseMeta(line []byte) (id, cwd string, ok bool) {
	var env struct {
		Type    string `json:"type"`
		Payload struct {
			ID  string `json:"id"`
			CWD string `json:"cwd"`
		} `json:"payload"`
	}
	if json.Unmarshal(bytes.TrimSpace(line), &env) != nil || env.Type != "session_meta" || env.Payload.ID == "" {
		return "", "", false
	}
	return env.Payload.ID, env.Payload.CWD, true
}

// cleanDir returns dir cleaned with its symbolic links resolved when it
// can be, "" for no folder.
func cleanDir(dir string) string {
	if dir == "" {
		return ""
	}
	if real, err := filepath.EvalSymlinks(dir); err == nil {
		return real
	}
	return filepath.Clean(dir)
}
