package main

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"

	"hansard/fixtures/memories"
)

// memoryHome lays out every agent's memory files in a new home and
// repository, with a Claude Code session in a folder of the repository.
func memoryHome(t *testing.T) *memories.Layout {
	t.Helper()
	home, repo := realTempDir(t), filepath.Join(realTempDir(t), "shop")
	l, err := memories.Lay(home, repo)
	if err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("git", "-C", repo, "init", "-q").CombinedOutput(); err != nil {
		t.Fatalf("git init: %v\n%s", err, out)
	}
	writeSession(home, l.Folder, "abcd3333-3333-4333-8333-333333333333", "2026-03-01T10:00:00Z", "tidy the package", "Tidied.")
	return l
}

// startMemoryMCP starts the server over a home laid out by memoryHome,
// in its repository, with an archive of its own, with args.
func startMemoryMCP(t *testing.T, args ...string) (*client.Client, *memories.Layout) {
	t.Helper()
	w := sharedMCPWorld(t)
	l := memoryHome(t)
	w.home, w.repo = l.Home, l.Repo
	env := []string{"HOME=" + l.Home, "HANSARD_HOME=" + filepath.Join(t.TempDir(), "archive")}
	return startMCP(t, w, env, nil, args...), l
}

// TestMCPMemoryTools calls search_memories and get_memory over the
// protocol: hits without empty fields or a matched_text copy, a window
// centred on a hit's line and continued at nextOffset, not_found for an
// unknown id; --no-memories serves neither.
func TestMCPMemoryTools(t *testing.T) {
	t.Parallel()
	c, l := startMemoryMCP(t)

	res, isErr := call(t, c, "search_memories", map[string]any{"query": "queue", "repo": l.Repo})
	if isErr {
		t.Fatalf("search_memories: %v", res)
	}
	hits, _ := res["hits"].([]any)
	if len(hits) != 1 {
		t.Fatalf("hits %v", res)
	}
	hit := hits[0].(map[string]any)
	for k, want := range map[string]any{"kind": "instructions", "provider": "claude", "scope": "project",
		"source": filepath.Join(l.Repo, "CLAUDE.md"), "title": "Project rules", "lineStart": 4.0, "lineEnd": 4.0} {
		if hit[k] != want {
			t.Errorf("hit %s = %v, want %v", k, hit[k], want)
		}
	}
	if _, ok := hit["matched_text"]; ok {
		t.Errorf("hit carries matched_text: %v", hit)
	}
	for k, v := range hit {
		if v == "" {
			t.Errorf("hit carries an empty %s", k)
		}
	}
	id, _ := hit["memory_id"].(string)

	win, isErr := call(t, c, "get_memory", map[string]any{"memory_id": id, "line": 3, "max_chars": 30})
	if isErr || win["contentLineStart"] != 2.0 || win["contentLineEnd"] != 3.0 || win["truncated"] != true || win["nextOffset"] == nil {
		t.Errorf("get_memory at line 3: %v", win)
	}
	rest, isErr := call(t, c, "get_memory", map[string]any{"memory_id": id, "line": 1, "offset": win["nextOffset"]})
	if isErr || rest["truncated"] != false || !strings.HasSuffix(rest["content"].(string), "owns the queue.\n") {
		t.Errorf("get_memory from nextOffset: %v", rest)
	}
	missing, isErr := call(t, c, "get_memory", map[string]any{"memory_id": "m999"})
	if code, _ := errorCode(t, missing); !isErr || code != "not_found" {
		t.Errorf("unknown id: %v", missing)
	}

	without, _ := startMemoryMCP(t, "--no-memories")
	list, err := without.ListTools(context.Background(), mcp.ListToolsRequest{})
	if err != nil {
		t.Fatal(err)
	}
	for _, tool := range list.Tools {
		if tool.Name == "search_memories" || tool.Name == "get_memory" {
			t.Errorf("--no-memories serves %s", tool.Name)
		}
	}
	with, err := c.ListTools(context.Background(), mcp.ListToolsRequest{})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, tool := range with.Tools {
		if tool.Name == "search_memories" || tool.Name == "get_memory" {
			n++
		}
	}
	if n != 2 {
		t.Errorf("the memory tools are not served: %v", with.Tools)
	}
}

// TestMemoryCommands runs hansard memory search (readable and --json,
// which keeps matched_text) and hansard memory show.
func TestMemoryCommands(t *testing.T) {
	t.Parallel()
	l := memoryHome(t)
	env := map[string]string{"NO_COLOR": "1"}
	out := mustRun(t, l.Home, env, "", "index")
	if !strings.Contains(out, "memories: 20 files, 20 new versions") {
		t.Errorf("index output:\n%s", out)
	}
	var res struct {
		Hits []map[string]any `json:"hits"`
	}
	if err := json.Unmarshal([]byte(mustRun(t, l.Home, env, "", "memory", "search", "queue", "--json", "--repo", l.Repo)), &res); err != nil {
		t.Fatal(err)
	}
	if len(res.Hits) != 1 || res.Hits[0]["matched_text"] != "The zebra service owns the queue." {
		t.Fatalf("memory search --json: %v", res.Hits)
	}
	id := res.Hits[0]["memory_id"].(string)
	text := mustRun(t, l.Home, env, "", "memory", "search", "zebra", "--provider", "codex", "--source", "AGENTS.override.md")
	if !strings.Contains(text, "historical evidence") || !strings.Contains(text, filepath.Join(l.Repo, "sub", "AGENTS.override.md")+":3") ||
		strings.Count(text, "\nm") != 1 {
		t.Errorf("memory search:\n%s", text)
	}
	show := mustRun(t, l.Home, env, "", "memory", "show", id, "--line", "4")
	if !strings.Contains(show, "version 1 of 1, lines 1-4") || !strings.Contains(show, "Deploy with make deploy.") {
		t.Errorf("memory show:\n%s", show)
	}
	cut := mustRun(t, l.Home, env, "", "memory", "show", id, "--offset", "17", "--max-chars", "30")
	if !strings.Contains(cut, "lines 3-3") || !strings.Contains(cut, "--offset 42") {
		t.Errorf("memory show --offset:\n%s", cut)
	}
}

// TestMCPMemoriesRefreshInTheBackground changes a memory file while the
// server runs: search_memories finds the new text within a few seconds
// without refreshing in the call.
func TestMCPMemoriesRefreshInTheBackground(t *testing.T) {
	t.Parallel()
	c, l := startMemoryMCP(t)
	if res, _ := call(t, c, "search_memories", map[string]any{"query": "gnu", "repo": l.Repo}); len(res["hits"].([]any)) != 0 {
		t.Fatalf("found before it was written: %v", res)
	}
	path := filepath.Join(l.Repo, "CLAUDE.md")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, append(data, "\n## Herd\n\nFeed the gnu at noon.\n"...), 0o600); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	deadline := start.Add(20 * time.Second)
	for {
		res, isErr := call(t, c, "search_memories", map[string]any{"query": "gnu", "repo": l.Repo})
		if !isErr && len(res["hits"].([]any)) == 1 {
			t.Logf("found after %v", time.Since(start))
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the changed memory never showed: %v", res)
		}
		time.Sleep(100 * time.Millisecond)
	}
}
