package main

import (
	"bytes"
	"io"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/creack/pty"

	"hansard/archive"
)

// screen is the far side of a pseudo-terminal: what the program writes to
// the terminal is collected here.
type screen struct {
	mu  sync.Mutex
	buf bytes.Buffer
	end chan struct{}
}

// newTTY returns the terminal side of a new pseudo-terminal and the
// screen collecting what is written to it, skipping the test where there
// is none. Both are closed at the test's end.
func newTTY(t *testing.T) (*os.File, *screen) {
	t.Helper()
	ptmx, tty, err := pty.Open()
	if err != nil {
		t.Skipf("no pseudo-terminal: %v", err)
	}
	s := &screen{end: make(chan struct{})}
	go func() {
		defer close(s.end)
		b := make([]byte, 4096)
		for {
			n, err := ptmx.Read(b)
			s.mu.Lock()
			s.buf.Write(b[:n])
			s.mu.Unlock()
			if err != nil {
				return
			}
		}
	}()
	t.Cleanup(func() {
		tty.Close()
		ptmx.Close()
		<-s.end
	})
	return tty, s
}

// text closes the terminal and returns all that reached the screen.
func (s *screen) text(tty *os.File) string {
	tty.Close()
	<-s.end
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.buf.String()
}

// TestColourOnATerminal runs history with standard output on a
// pseudo-terminal, and piped, under each colour setting.
func TestColourOnATerminal(t *testing.T) {
	home := fixtureHome(t)
	runIn(t, home, nil, "index")
	for _, c := range []struct {
		name   string
		tty    bool
		env    map[string]string
		flag   string
		colour bool
	}{
		{"terminal", true, nil, "", true},
		{"terminal, NO_COLOR", true, map[string]string{"NO_COLOR": "1"}, "", false},
		{"terminal, TERM=dumb", true, map[string]string{"TERM": "dumb"}, "", false},
		{"terminal, --color=never", true, nil, "--color=never", false},
		{"terminal, NO_COLOR, --color=always", true, map[string]string{"NO_COLOR": "1"}, "--color=always", true},
		{"piped", false, nil, "", false},
		{"piped, --color=always", false, nil, "--color=always", true},
		{"piped, CLICOLOR_FORCE", false, map[string]string{"CLICOLOR_FORCE": "1"}, "", true},
		{"piped, FORCE_COLOR", false, map[string]string{"FORCE_COLOR": "1"}, "", true},
		{"piped, FORCE_COLOR=0", false, map[string]string{"FORCE_COLOR": "0"}, "", false},
		{"piped, CLICOLOR_FORCE and NO_COLOR", false, map[string]string{"CLICOLOR_FORCE": "1", "NO_COLOR": "1"}, "", false},
		{"terminal, --color=auto", true, nil, "--color=auto", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			args := []string{"history", "--all-repos", "--no-refresh", "token"}
			if c.flag != "" {
				args = append(args, c.flag)
			}
			getenv := func(k string) string {
				if k == "HOME" {
					return home
				}
				return c.env[k]
			}
			var out string
			var errb bytes.Buffer
			if c.tty {
				tty, scr := newTTY(t)
				app := &App{Streams: streams{In: strings.NewReader(""), Out: tty, Err: &errb}, Getenv: getenv}
				if code := runApp(t.Context(), app, args); code != 0 {
					t.Fatalf("exit %d: %s", code, errb.String())
				}
				out = scr.text(tty)
			} else {
				var b bytes.Buffer
				app := &App{Streams: streams{In: strings.NewReader(""), Out: &b, Err: &errb}, Getenv: getenv}
				if code := runApp(t.Context(), app, args); code != 0 {
					t.Fatalf("exit %d: %s", code, errb.String())
				}
				out = b.String()
			}
			if got := strings.Contains(out, "\x1b["); got != c.colour || !strings.Contains(out, "oken") {
				t.Errorf("coloured %v, want %v:\n%q", got, c.colour, out)
			}
			if !strings.Contains(out, " ago)") {
				t.Errorf("no relative time (shown whether or not on a terminal, coloured or not):\n%q", out)
			}
		})
	}
	_, errOut, code := runIn(t, home, nil, "history", "--color=sometimes")
	if code != exitUsage || !strings.Contains(errOut, "want auto, always or never") {
		t.Errorf("--color=sometimes: exit %d: %s", code, errOut)
	}
}

// TestFirstIndexProgress: on a terminal the wait for a new archive's first
// index draws the progress bar of hansard index and clears it; elsewhere
// it is one line of note, once.
func TestFirstIndexProgress(t *testing.T) {
	tty, scr := newTTY(t)
	app := &App{Streams: streams{Out: io.Discard, Err: tty}, Getenv: func(string) string { return "" }}
	r := newFirstIndexReport(app)
	for i := 1; i <= 3; i++ {
		r.Progress(archive.Progress{Files: i, FilesTotal: 3, Bytes: int64(i) << 20, BytesTotal: 3 << 20, Sessions: i, Elapsed: time.Duration(i) * time.Second})
	}
	r.Done()
	screen := scr.text(tty)
	if !strings.Contains(screen, "3/3 files") || !strings.Contains(screen, "[") || !strings.HasSuffix(screen, "\r\x1b[K") {
		t.Errorf("terminal: %q", screen)
	}

	var note bytes.Buffer
	app = &App{Streams: streams{Out: io.Discard, Err: &note}, Getenv: func(string) string { return "" }}
	r = newFirstIndexReport(app)
	r.Progress(archive.Progress{Files: 0, FilesTotal: 40, Elapsed: 100 * time.Millisecond})
	if note.Len() != 0 {
		t.Errorf("a note before the index took a while: %q", note.String())
	}
	for i := 1; i <= 3; i++ {
		r.Progress(archive.Progress{Files: i, FilesTotal: 40, Elapsed: time.Duration(i) * time.Second})
	}
	r.Done()
	if got := note.String(); strings.Count(got, "\n") != 1 || !strings.Contains(got, "reading 40 transcripts into a new archive") || strings.Contains(got, "\x1b") {
		t.Errorf("not a terminal: %q", got)
	}
}

func TestAgo(t *testing.T) {
	t.Parallel()
	for d, want := range map[time.Duration]string{
		30 * time.Second:     "just now",
		90 * time.Second:     "1 minute ago",
		5 * time.Hour:        "5 hours ago",
		26 * time.Hour:       "1 day ago",
		22 * 24 * time.Hour:  "3 weeks ago",
		65 * 24 * time.Hour:  "2 months ago",
		800 * 24 * time.Hour: "2 years ago",
	} {
		if got := ago(d); got != want {
			t.Errorf("ago(%v) = %q, want %q", d, got, want)
		}
	}
	now := func() time.Time { return time.Date(2026, 3, 24, 12, 0, 0, 0, time.UTC) }
	for _, p := range []painter{{now: now}, {on: true, now: now}} {
		got := p.when("2026-03-03T09:31:00+00:00")
		if strings.ReplaceAll(strings.ReplaceAll(got, "\x1b[2m", ""), "\x1b[0m", "") != "2026-03-03 09:31 (3 weeks ago)" ||
			p.on != strings.Contains(got, "\x1b[2m(3 weeks ago)") {
			t.Errorf("when, coloured %v: %q", p.on, got)
		}
	}
	if got := (painter{now: now}).when("not a time"); got != "not a time" {
		t.Errorf("when of a text that is no time: %q", got)
	}
	if got := (painter{now: now, loc: time.FixedZone("CET", 3600)}).whenTime(time.Date(2026, 3, 24, 8, 0, 0, 0, time.UTC)); got != "2026-03-24 09:00 (4 hours ago)" {
		t.Errorf("whenTime: %q", got)
	}
}

// TestColorFlagWherePainted: every command whose readable output is styled
// takes --color, the others do not; status paints with it.
func TestColorFlagWherePainted(t *testing.T) {
	for _, path := range helpCommands(t) {
		out, _, _ := runIn(t, "", nil, append(path, "--help")...)
		if got, want := strings.Contains(out, "--color "), slices.Contains(painting, strings.Join(path, " ")); got != want {
			t.Errorf("hansard %s --help: --color shown %v, want %v", strings.Join(path, " "), got, want)
		}
	}
	home := fixtureHome(t)
	runIn(t, home, nil, "index")
	for mode, want := range map[string]bool{"always": true, "never": false} {
		out, errOut, code := runIn(t, home, nil, "status", "--color="+mode)
		if code != 0 || strings.Contains(out, "\x1b[") != want {
			t.Errorf("status --color=%s: exit %d %s\n%q", mode, code, errOut, out)
		}
	}
}
