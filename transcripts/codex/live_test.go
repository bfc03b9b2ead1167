package codex

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// liveHome lays out a CODEX_HOME with rollouts and a fake proc root whose
// process 4242 holds some of them open (real symbolic links, as Linux
// shows open files).
type liveHome struct {
	t              *testing.T
	sessions, proc string
	fds            int
}

func newLiveHome(t *testing.T) *liveHome {
	root := t.TempDir()
	h := &liveHome{t: t, sessions: filepath.Join(root, "codex", "sessions"), proc: filepath.Join(root, "proc")}
	if err := os.MkdirAll(filepath.Join(h.proc, "4242", "fd"), 0o700); err != nil {
		t.Fatal(err)
	}
	return h
}

// rollout writes a rollout of session id recorded in cwd, modified at mod.
func (h *liveHome) rollout(id, cwd string, mod time.Time) string {
	h.t.Helper()
	p := filepath.Join(h.sessions, "2026", "03", "01", "rollout-2026-03-01T10-00-00-"+id+".jsonl")
	os.MkdirAll(filepath.Dir(p), 0o700)
	meta := `{"timestamp":"2026-03-01T10:00:00.000Z","type":"session_meta","payload":{"id":"` + id +
		`","cwd":"` + cwd + `","base_instructions":{"text":"` + strings.Repeat("x", 100_000) + `"}}}` + "\n" +
		`{"timestamp":"2026-03-01T10:00:01.000Z","type":"event_msg","payload":{"type":"user_message","message":"hi"}}` + "\n"
	if err := os.WriteFile(p, []byte(meta), 0o600); err != nil {
		h.t.Fatal(err)
	}
	if err := os.Chtimes(p, mod, mod); err != nil {
		h.t.Fatal(err)
	}
	return p
}

// open makes process 4242 hold target open.
func (h *liveHome) open(target string) {
	h.t.Helper()
	h.fds++
	if err := os.Symlink(target, filepath.Join(h.proc, "4242", "fd", strings.Repeat("1", h.fds))); err != nil {
		h.t.Fatal(err)
	}
}

func (h *liveHome) live(dir string, now time.Time) Live {
	return Live{Sessions: h.sessions, Dir: dir, PID: 4242, ProcRoot: h.proc, Now: func() time.Time { return now }}
}

const (
	liveA = "019a0000-0000-7000-8000-00000000000a"
	liveB = "019a0000-0000-7000-8000-00000000000b"
	liveC = "019a0000-0000-7000-8000-00000000000c"
	liveD = "019a0000-0000-7000-8000-00000000000d"
)

func TestLiveSessionOpenFiles(t *testing.T) {
	t.Parallel()
	h := newLiveHome(t)
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	work, other := t.TempDir(), t.TempDir()
	old := h.rollout(liveA, work, now.Add(-48*time.Hour)) // open, old, this folder
	newer := h.rollout(liveB, work, now.Add(-time.Minute))
	elsewhere := h.rollout(liveC, other, now) // open, newest, another folder
	h.rollout(liveD, work, now)               // not open: the fallback's pick
	h.open(old)
	h.open(newer)
	h.open(elsewhere)
	h.open(os.DevNull)

	r, err := LiveSession(h.live(work, now))
	if err != nil || r.SessionID != liveB || r.Path != newer || r.CWD != work {
		t.Errorf("LiveSession = %+v, %v; want the newest open rollout of the folder (%s)", r, err, liveB)
	}
	if r, err := LiveSession(h.live(other, now)); err != nil || r.SessionID != liveC {
		t.Errorf("other folder: %+v, %v", r, err)
	}
	// An open rollout is taken however old it is.
	os.Remove(filepath.Join(h.proc, "4242", "fd", "11"))
	if r, err := LiveSession(h.live(work, now)); err != nil || r.SessionID != liveA {
		t.Errorf("only an old rollout open: %+v, %v", r, err)
	}
}

func TestLiveSessionFallback(t *testing.T) {
	t.Parallel()
	h := newLiveHome(t)
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	work := t.TempDir()
	h.rollout(liveA, work, now.Add(-2*time.Hour)) // too old
	h.rollout(liveB, work, now.Add(-10*time.Minute))
	h.rollout(liveC, work, now.Add(-5*time.Minute))
	h.rollout(liveD, t.TempDir(), now) // another folder

	l := h.live(work, now)
	l.PID = 99 // no such process: nothing is open
	if r, err := LiveSession(l); err != nil || r.SessionID != liveC {
		t.Errorf("fallback = %+v, %v; want the newest recent rollout of the folder (%s)", r, err, liveC)
	}
	l.Now = func() time.Time { return now.Add(3 * time.Hour) }
	if r, err := LiveSession(l); !errors.Is(err, ErrNoLiveSession) {
		t.Errorf("nothing recent: %+v, %v; want ErrNoLiveSession", r, err)
	}
	if _, err := LiveSession(h.live(t.TempDir(), now)); !errors.Is(err, ErrNoLiveSession) {
		t.Errorf("a folder no rollout worked in: %v", err)
	}
	if _, err := LiveSession(h.live("", now)); !errors.Is(err, ErrNoLiveSession) {
		t.Errorf("no folder: %v", err)
	}
}

func TestReadMetaBounded(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	p := filepath.Join(dir, "rollout-x.jsonl")
	os.WriteFile(p, []byte(`{"type":"session_meta","payload":{"id":"a","cwd":"/w","x":"`+strings.Repeat("y", maxMetaLine)+`"}}`+"\n"), 0o600)
	if id, _, ok := readMeta(p); ok {
		t.Errorf("a first line past the bound was read: %q", id)
	}
	os.WriteFile(p, []byte(`{"type":"response_item","payload":{"id":"a","cwd":"/w"}}`+"\n"), 0o600)
	if _, _, ok := readMeta(p); ok {
		t.Error("a first line that is not session_meta was taken")
	}
	os.WriteFile(p, []byte(`{"type":"session_meta","payload":{"id":"a","cwd":"/w"}}`), 0o600)
	if id, cwd, ok := readMeta(p); !ok || id != "a" || cwd != "/w" {
		t.Errorf("a file of one line without newline: %q %q %v", id, cwd, ok)
	}
}
