package recall

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"hansard/archive"
	"hansard/provenance/gitrepo"
	"hansard/provenance/gitrepo/gittest"
	"hansard/transcripts"
	"hansard/transcripts/claude"
)

// world is a Claude Code home with transcripts written by the tests, two
// real git repositories for them to work in, and an archive fed by the
// real provider and ingest.
type world struct {
	t      testing.TB
	home   string // CLAUDE_CONFIG_DIR
	repoA  string
	repoB  string
	convos []*convo
	arch   *archive.Archive
	svc    *Service
}

func newWorld(t testing.TB) *world {
	t.Helper()
	w := &world{t: t, home: t.TempDir()}
	w.repoA = filepath.Join(gittest.New(t).Dir)
	w.repoB = filepath.Join(gittest.New(t).Dir)
	return w
}

// gitResolver adapts the git package's resolver to the archive's interface.
type gitResolver struct{ r *gitrepo.Resolver }

func (g gitResolver) Resolve(ctx context.Context, dir string) (archive.Repo, error) {
	res, err := g.r.Resolve(ctx, dir)
	if errors.Is(err, gitrepo.ErrNotRepository) {
		return archive.Repo{}, archive.ErrNotRepo
	}
	return archive.Repo{Root: res.Root, RemoteURL: res.RemoteURL}, err
}

// index writes every conversation and refreshes the archive (opened on first use).
func (w *world) index() *Service {
	w.t.Helper()
	for _, c := range w.convos {
		c.flush()
	}
	ctx := context.Background()
	if w.arch == nil {
		a, err := archive.Open(ctx, archive.Options{Dir: filepath.Join(w.t.TempDir(), "archive"), Resolver: gitResolver{gitrepo.NewResolver()}})
		if err != nil {
			w.t.Fatal(err)
		}
		w.t.Cleanup(func() { a.Close() })
		w.arch = a
		w.svc = &Service{Archive: a, Location: time.UTC}
	}
	env := func(k string) string {
		if k == "CLAUDE_CONFIG_DIR" {
			return w.home
		}
		return ""
	}
	res, err := w.arch.Refresh(ctx, []transcripts.Provider{claude.New()}, env, archive.RefreshOptions{Warn: func(s string) { w.t.Log("warn:", s) }})
	if err != nil {
		w.t.Fatal(err)
	}
	if res.Failed > 0 {
		w.t.Fatalf("refresh failed on %d files", res.Failed)
	}
	return w.svc
}

// convo is one Claude Code transcript under construction. Its methods
// return the message index the provider gives each line.
type convo struct {
	w       *world
	id      string
	cwd     string
	path    string
	agentID string // set for a subagent file
	at      time.Time
	lines   []string
	last    string // uuid of the last line
	n       int    // lines so far (uuids, message ids)
	idx     int    // next message index
}

func (w *world) session(n int, cwd string, at time.Time) *convo {
	id := fmt.Sprintf("%08x-0000-4000-8000-%012x", n, n)
	c := &convo{w: w, id: id, cwd: cwd, at: at}
	c.path = filepath.Join(w.home, "projects", strings.ReplaceAll(cwd, "/", "-"), id+".jsonl")
	w.convos = append(w.convos, c)
	return c
}

// subagent starts the transcript of a subagent of c (2.1 layout).
func (c *convo) subagent(agentID string) *convo {
	s := &convo{w: c.w, id: c.id, cwd: c.cwd, agentID: agentID, at: c.at.Add(time.Minute)}
	s.path = filepath.Join(filepath.Dir(c.path), c.id, "subagents", "agent-"+agentID+".jsonl")
	c.w.convos = append(c.w.convos, s)
	return s
}

func (c *convo) line(typ string, msg map[string]any, parent string, extra map[string]any) string {
	c.n++
	uuid := fmt.Sprintf("%s-%04d", c.id[:8]+c.agentID, c.n)
	c.at = c.at.Add(time.Minute)
	rec := map[string]any{
		"parentUuid": nilIfEmpty(parent), "isSidechain": c.agentID != "", "userType": "external",
		"cwd": c.cwd, "sessionId": c.id, "version": "2.1.30", "gitBranch": "main", "type": typ,
		"message": msg, "uuid": uuid, "timestamp": c.at.UTC().Format("2006-01-02T15:04:05.000Z"),
	}
	if c.agentID != "" {
		rec["agentId"] = c.agentID
	}
	for k, v := range extra {
		rec[k] = v
	}
	b, err := json.Marshal(rec)
	if err != nil {
		c.w.t.Fatal(err)
	}
	c.lines = append(c.lines, string(b))
	c.last = uuid
	return uuid
}

func nilIfEmpty(s string) any {
	if s == "" {
		return nil
	}
	return s
}

func (c *convo) next() int { c.idx++; return c.idx - 1 }

// user adds a typed prompt.
func (c *convo) user(text string) int {
	c.line("user", map[string]any{"role": "user", "content": text}, c.last, nil)
	return c.next()
}

func (c *convo) assistant(text string) int {
	c.line("assistant", map[string]any{"model": "claude-sonnet-4-5", "id": fmt.Sprintf("msg_%s_%d", c.id[:8], c.n), "type": "message",
		"role": "assistant", "content": []any{map[string]any{"type": "text", "text": text}}}, c.last, map[string]any{"requestId": fmt.Sprintf("req_%d", c.n)})
	return c.next()
}

// tool adds an assistant tool call and its result; it returns the index of
// the calling message and of the result message.
func (c *convo) tool(name string, input map[string]any, result string, isError bool) (call, res int) {
	id := fmt.Sprintf("toolu_%s_%d", c.id[:8], c.n)
	c.line("assistant", map[string]any{"model": "claude-sonnet-4-5", "id": fmt.Sprintf("msg_%s_%d", c.id[:8], c.n), "type": "message",
		"role": "assistant", "content": []any{map[string]any{"type": "tool_use", "id": id, "name": name, "input": input}}}, c.last,
		map[string]any{"requestId": fmt.Sprintf("req_%d", c.n)})
	call = c.next()
	c.line("user", map[string]any{"role": "user", "content": []any{map[string]any{"tool_use_id": id, "type": "tool_result", "content": result, "is_error": isError}}}, c.last, nil)
	return call, c.next()
}

func (c *convo) bash(command, output string, failed bool) (int, int) {
	return c.tool("Bash", map[string]any{"command": command}, output, failed)
}

func (c *convo) edit(file, old, new string) (int, int) {
	return c.tool("Edit", map[string]any{"file_path": file, "old_string": old, "new_string": new}, "The file "+file+" has been updated.", false)
}

func (c *convo) flush() {
	if err := os.MkdirAll(filepath.Dir(c.path), 0o700); err != nil {
		c.w.t.Fatal(err)
	}
	if err := os.WriteFile(c.path, []byte(strings.Join(c.lines, "\n")+"\n"), 0o600); err != nil {
		c.w.t.Fatal(err)
	}
}
