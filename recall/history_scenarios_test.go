package recall

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"hansard/fixtures/truth"
	"hansard/provenance/gitrepo/gittest"
	"hansard/transcripts"
	"hansard/transcripts/claude"
)

// TestHistoryScenarios plays each story of fixtures/history (a real git
// repository, Claude Code transcripts and memory files made by the steps
// of its script.txt) and checks code_history's and work_context's
// entries against its want.txt. See fixtures/history/README.md.
func TestHistoryScenarios(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "fixtures", "history", "*.txtar"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no scenarios: %v", err)
	}
	for _, f := range files {
		t.Run(strings.TrimSuffix(filepath.Base(f), ".txtar"), func(t *testing.T) {
			t.Parallel()
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			ar, err := truth.ParseArchive(data)
			if err != nil {
				t.Fatal(err)
			}
			sc := playScenario(t, ar)
			sc.check(t, string(ar.File("want.txt")))
		})
	}
}

// scenario is a story played: its repository, conversations by name,
// labels of message indexes and commits, and a Host over them.
type scenario struct {
	ar       *truth.Archive
	repo     *gittest.Repo
	w        *world
	convos   map[string]*convo
	ids      map[string]string // session name → id (a subagent's is its own)
	index    map[string]int    // "session label" → message index
	commits  map[string]string // label → commit id
	clock    time.Time
	host     *Host
	nextConv int
}

// fields splits a line into words; a word in double quotes is a Go string
// literal; "@name" is the content of the archive's file files/name.
func (sc *scenario) fields(t *testing.T, line string) []string {
	t.Helper()
	var out []string
	for line = strings.TrimSpace(line); line != ""; line = strings.TrimSpace(line) {
		if line[0] == '"' {
			end := 1
			for ; end < len(line); end++ {
				if line[end] == '\\' {
					end++
				} else if line[end] == '"' {
					break
				}
			}
			s, err := strconv.Unquote(line[:min(end+1, len(line))])
			if err != nil {
				t.Fatalf("%q: %v", line, err)
			}
			out, line = append(out, s), line[min(end+1, len(line)):]
			continue
		}
		w, rest, _ := strings.Cut(line, " ")
		if name, ok := strings.CutPrefix(w, "@"); ok {
			data := sc.ar.File("files/" + name)
			if data == nil {
				t.Fatalf("no file files/%s", name)
			}
			w = string(data)
		}
		out, line = append(out, w), rest
	}
	return out
}

func playScenario(t *testing.T, ar *truth.Archive) *scenario {
	t.Helper()
	r := gittest.New(t)
	w := &world{t: t, home: t.TempDir(), repoA: r.Dir}
	sc := &scenario{ar: ar, repo: r, w: w, convos: map[string]*convo{}, ids: map[string]string{}, index: map[string]int{},
		commits: map[string]string{}, clock: time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)}
	for n, line := range strings.Split(string(ar.File("script.txt")), "\n") {
		if strings.TrimSpace(line) == "" || strings.HasPrefix(strings.TrimSpace(line), "#") {
			continue
		}
		f := sc.fields(t, line)
		if err := sc.step(f); err != nil {
			t.Fatalf("script.txt:%d: %s: %v", n+1, line, err)
		}
	}
	for _, c := range w.convos {
		c.flush()
	}
	dir := t.TempDir()
	env := map[string]string{"HOME": dir, "CLAUDE_CONFIG_DIR": w.home, "HANSARD_HOME": filepath.Join(dir, "archive")}
	now := sc.clock.Add(time.Hour) // nothing is live
	sc.host = NewHost(HostOptions{Getenv: func(k string) string { return env[k] }, Location: time.UTC, Now: func() time.Time { return now },
		Providers: []transcripts.Provider{claude.New()}, Warn: func(s string) { t.Log("warn:", s) }})
	t.Cleanup(func() { sc.host.Close() })
	return sc
}

func (sc *scenario) abs(p string) string { return filepath.Join(sc.repo.Dir, filepath.FromSlash(p)) }

func (sc *scenario) read(p string) string {
	b, _ := os.ReadFile(sc.abs(p))
	return string(b)
}

// label records the message index of a session's step.
func (sc *scenario) label(session, label string, idx int) {
	if label != "-" {
		sc.index[session+" "+label] = idx
	}
}

// step plays one line of script.txt.
func (sc *scenario) step(f []string) error {
	arg := func(n int) error {
		if len(f) != n {
			return fmt.Errorf("want %d words, have %d", n, len(f))
		}
		return nil
	}
	r := sc.repo
	r.Now = sc.clock
	switch f[0] {
	case "wait": // wait DURATION
		d, err := time.ParseDuration(f[1])
		if err != nil {
			return err
		}
		sc.clock = sc.clock.Add(d)
		return nil
	case "put": // put PATH CONTENT: a person writes the file
		if err := arg(3); err != nil {
			return err
		}
		r.Write(f[1], f[2])
	case "replace": // replace PATH OLD NEW: a person edits it
		if err := arg(4); err != nil {
			return err
		}
		text := sc.read(f[1])
		if !strings.Contains(text, f[2]) {
			return fmt.Errorf("%s does not hold %q", f[1], f[2])
		}
		r.Write(f[1], strings.Replace(text, f[2], f[3], 1))
	case "mv":
		r.Git("mv", f[1], f[2])
	case "rm":
		r.Git("rm", "-q", f[1])
	case "commit": // commit LABEL MESSAGE
		if err := arg(3); err != nil {
			return err
		}
		sc.commits[f[1]] = r.Commit(f[2])
	case "revert": // revert LABEL OF
		if err := arg(3); err != nil {
			return err
		}
		r.Git("revert", "--no-edit", sc.commits[f[2]])
		sc.commits[f[1]] = r.Git("rev-parse", "HEAD")
	case "session": // session NAME
		sc.nextConv++
		c := sc.w.session(sc.nextConv, r.Dir, sc.clock)
		sc.convos[f[1]], sc.ids[f[1]] = c, c.id
	case "subagent": // subagent NAME OF AGENT-ID
		if err := arg(4); err != nil {
			return err
		}
		c := sc.convos[f[2]].subagent(f[3])
		sc.convos[f[1]], sc.ids[f[1]] = c, c.id+"/agent-"+f[3]
	case "resume": // resume NAME OF: a session that starts with OF's history
		if err := arg(3); err != nil {
			return err
		}
		from := sc.convos[f[2]]
		sc.nextConv++
		c := sc.w.session(sc.nextConv, r.Dir, sc.clock)
		c.lines, c.last, c.n = slices.Clone(from.lines), from.last, from.n
		sc.convos[f[1]], sc.ids[f[1]] = c, c.id
	default:
		return sc.sessionStep(f)
	}
	sc.clock = sc.clock.Add(time.Minute)
	return nil
}

// sessionStep plays "NAME ACTION ...": user, say, write, edit, bash, todo.
func (sc *scenario) sessionStep(f []string) error {
	c := sc.convos[f[0]]
	if c == nil || len(f) < 2 {
		return fmt.Errorf("unknown step or session %q", f[0])
	}
	if c.at.Before(sc.clock) {
		c.at = sc.clock
	}
	defer func() { sc.clock = c.at.Add(time.Minute) }()
	switch f[1] {
	case "user":
		c.user(f[2])
	case "say":
		c.assistant(f[2])
	case "write": // NAME write LABEL PATH CONTENT
		p := sc.abs(f[3])
		idx, _ := c.tool("Write", map[string]any{"file_path": p, "content": f[4]}, "File created successfully at: "+p, false)
		sc.label(f[0], f[2], idx)
		sc.repo.Write(f[3], f[4])
	case "edit": // NAME edit LABEL PATH OLD NEW
		text := sc.read(f[3])
		if !strings.Contains(text, f[4]) {
			return fmt.Errorf("%s does not hold %q", f[3], f[4])
		}
		idx, _ := c.edit(sc.abs(f[3]), f[4], f[5])
		sc.label(f[0], f[2], idx)
		sc.repo.Write(f[3], strings.Replace(text, f[4], f[5], 1))
	case "bash": // NAME bash LABEL ok|fail COMMAND OUTPUT
		idx, _ := c.bash(f[4], f[5], f[3] == "fail")
		sc.label(f[0], f[2], idx)
	case "todo": // NAME todo LABEL "TEXT=STATUS"...
		var todos []any
		for _, it := range f[3:] {
			text, status, _ := strings.Cut(it, "=")
			todos = append(todos, map[string]any{"content": text, "status": status, "activeForm": text})
		}
		idx, _ := c.tool("TodoWrite", map[string]any{"todos": todos}, "Todos have been modified successfully", false)
		sc.label(f[0], f[2], idx)
	default:
		return fmt.Errorf("unknown action %q", f[1])
	}
	return nil
}
