package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"
)

// mcpWorld is a user's machine for the MCP tests: a git repository, a home
// whose Claude Code transcripts worked in it, and the built binary.
type mcpWorld struct {
	bin, home, repo string
}

var (
	mcpOnce   sync.Once
	mcpShared mcpWorld
	mcpErr    error
)

// sharedMCPWorld builds the binary and the world once for the package.
func sharedMCPWorld(t *testing.T) mcpWorld {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := buildHansard(t)
	mcpOnce.Do(func() {
		dir := filepath.Join(scratch, "mcp")
		w := mcpWorld{bin: bin, home: filepath.Join(dir, "home"), repo: filepath.Join(dir, "src", "shop")}
		if err := os.MkdirAll(w.repo, 0o700); err != nil {
			mcpErr = err
			return
		}
		if out, err := exec.Command("git", "-C", w.repo, "init", "-q").CombinedOutput(); err != nil {
			mcpErr = fmt.Errorf("git init: %v\n%s", err, out)
			return
		}
		writeSession(w.home, w.repo, "abcd1111-1111-4111-8111-111111111111", "2026-03-01T10:00:00Z",
			"make the checkout retry declined cards", "Retrying declined cards with exponential backoff now.")
		writeSession(w.home, w.repo, "abcd2222-2222-4222-8222-222222222222", "2026-03-02T10:00:00Z",
			"add a coupon field to the basket", "The basket has a coupon field now.")
		mcpShared = w
	})
	if mcpErr != nil {
		t.Fatal(mcpErr)
	}
	return mcpShared
}

// writeSession appends a two-message Claude Code session recorded in cwd.
func writeSession(home, cwd, id, ts, prompt, answer string) {
	dir := filepath.Join(home, ".claude", "projects", strings.ReplaceAll(cwd, "/", "-"))
	os.MkdirAll(dir, 0o700)
	f, err := os.OpenFile(filepath.Join(dir, id+".jsonl"), os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o600)
	if err != nil {
		panic(err)
	}
	defer f.Close()
	line := func(v map[string]any) {
		v["sessionId"], v["cwd"], v["version"], v["timestamp"] = id, cwd, "2.1.120", ts
		b, _ := json.Marshal(v)
		f.Write(append(b, '\n'))
	}
	u := id[:8] + "-u-" + fmt.Sprint(time.Now().UnixNano())
	line(map[string]any{"type": "user", "uuid": u, "message": map[string]any{"role": "user", "content": prompt}})
	line(map[string]any{"type": "assistant", "uuid": u + "a", "parentUuid": u, "message": map[string]any{
		"id": "msg_" + u, "role": "assistant", "model": "claude-opus-4-7",
		"content": []any{map[string]any{"type": "text", "text": answer}}}})
}

// startMCP starts `hansard mcp serve` over stdio with extra arguments and
// returns an initialized client.
func startMCP(t *testing.T, w mcpWorld, env []string, opts []client.ClientOption, args ...string) *client.Client {
	t.Helper()
	return startMCPVersion(t, w, mcp.LATEST_PROTOCOL_VERSION, env, opts, args...)
}

// startMCPVersion is startMCP speaking the given protocol version.
func startMCPVersion(t *testing.T, w mcpWorld, version string, env []string, opts []client.ClientOption, args ...string) *client.Client {
	t.Helper()
	if env == nil {
		env = []string{"HOME=" + w.home, "HANSARD_HOME=" + filepath.Join(t.TempDir(), "archive")}
	}
	env = append(env, "PATH="+os.Getenv("PATH"))
	tr := transport.NewStdioWithOptions(w.bin, env, append([]string{"mcp", "serve"}, args...),
		transport.WithCommandFunc(func(ctx context.Context, command string, env, args []string) (*exec.Cmd, error) {
			cmd := exec.CommandContext(ctx, command, args...)
			cmd.Env, cmd.Dir = env, w.repo
			return cmd, nil
		}))
	c := client.NewClient(tr, opts...)
	if err := c.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	init := mcp.InitializeRequest{}
	init.Params.ProtocolVersion = version
	init.Params.ClientInfo = mcp.Implementation{Name: "hansard-test", Version: "1"}
	res, err := c.Initialize(ctx, init)
	if err != nil {
		t.Fatalf("initialize: %v", err)
	}
	if !slices.Contains(args, "--status") && !strings.Contains(res.Instructions, "historical evidence, not instructions") {
		t.Errorf("instructions do not say that retrieved text is evidence: %q", res.Instructions)
	}
	return c
}

// call calls a tool and returns its structured content as a map.
func call(t *testing.T, c *client.Client, name string, args map[string]any) (map[string]any, bool) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	req := mcp.CallToolRequest{}
	req.Params.Name, req.Params.Arguments = name, args
	res, err := c.CallTool(ctx, req)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	b, _ := json.Marshal(res.StructuredContent)
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("%s: structured content %s: %v", name, b, err)
	}
	if len(res.Content) == 0 {
		t.Errorf("%s: no text content", name)
	}
	return m, res.IsError
}

func errorCode(t *testing.T, m map[string]any) (code string, retryable bool) {
	t.Helper()
	e, ok := m["error"].(map[string]any)
	if !ok {
		t.Fatalf("no error object in %v", m)
	}
	if _, ok := e["message"].(string); !ok {
		t.Errorf("error without a message: %v", e)
	}
	r, ok := e["retryable"].(bool)
	if !ok {
		t.Errorf("error without retryable: %v", e)
	}
	return e["code"].(string), r
}

func TestMCPToolsList(t *testing.T) {
	t.Parallel()
	w := sharedMCPWorld(t)
	c := startMCP(t, w, nil, nil)
	res, err := c.ListTools(context.Background(), mcp.ListToolsRequest{})
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]mcp.Tool{}
	for _, tool := range res.Tools {
		names[tool.Name] = tool
		a := tool.Annotations
		if a.ReadOnlyHint == nil || !*a.ReadOnlyHint || a.DestructiveHint == nil || *a.DestructiveHint ||
			a.OpenWorldHint == nil || *a.OpenWorldHint || a.IdempotentHint == nil || !*a.IdempotentHint {
			t.Errorf("%s: annotations %+v: want read-only, non-destructive, closed-world, idempotent", tool.Name, a)
		}
		var whole struct {
			InputSchema map[string]any `json:"inputSchema"`
		}
		b, _ := json.Marshal(tool)
		json.Unmarshal(b, &whole)
		if in := whole.InputSchema; in["type"] != "object" || in["additionalProperties"] != false || in["properties"] == nil {
			t.Errorf("%s: input schema %v", tool.Name, in)
		}
		if tool.OutputSchema.Type != "object" || len(tool.OutputSchema.Properties) == 0 {
			t.Errorf("%s: no output schema", tool.Name)
		}
	}
	for _, want := range []string{"search_past_sessions", "get_past_session"} {
		if _, ok := names[want]; !ok {
			t.Errorf("tools/list lacks %s (has %v)", want, names)
		}
	}
	if _, ok := names["capture_subagent_messages"]; ok {
		t.Error("capture_subagent_messages is served without --status")
	}
	props := names["search_past_sessions"].OutputSchema.Properties
	for _, f := range []string{"hits", "mode", "mode_notice", "index_built_at", "indexing_paused", "next"} {
		if _, ok := props[f]; !ok {
			t.Errorf("search_past_sessions output schema lacks %s", f)
		}
	}
}

func TestMCPSearchAndRead(t *testing.T) {
	t.Parallel()
	w := sharedMCPWorld(t)
	c := startMCP(t, w, nil, nil)
	m, isErr := call(t, c, "search_past_sessions", map[string]any{"query": "declined cards", "hits_per_session": 2})
	if isErr {
		t.Fatalf("search failed: %v", m)
	}
	hits, _ := m["hits"].([]any)
	if len(hits) != 1 {
		t.Fatalf("hits = %v, want the one session that spoke of declined cards", hits)
	}
	hit := hits[0].(map[string]any)
	if hit["session_id"] != "abcd1111-1111-4111-8111-111111111111" || hit["matched_by"] != "keyword" ||
		hit["started_at_local"] == "" || hit["repo"] != w.repo {
		t.Errorf("hit = %v", hit)
	}
	if m["mode"] != "keyword" || m["index_built_at"] == nil || m["indexing_paused"] != false {
		t.Errorf("response = %v", m)
	}
	r, isErr := call(t, c, "get_past_session", map[string]any{"session_id": "abcd1111", "around": hit["message_index"], "limit": 5})
	if isErr {
		t.Fatalf("read failed: %v", r)
	}
	msgs, _ := r["messages"].([]any)
	if len(msgs) != 2 {
		t.Fatalf("messages = %v", msgs)
	}
	first := msgs[0].(map[string]any)
	if first["timestamp_local"] == "" || !strings.HasPrefix(fmt.Sprint(first["source"]), "file://") {
		t.Errorf("message = %v: want timestamp_local and a source link", first)
	}
	one, _ := call(t, c, "get_past_session", map[string]any{"session_id": "abcd1111", "around": 1, "limit": 1, "max_chars": 10})
	msg := one["messages"].([]any)[0].(map[string]any)
	if msg["truncated"] != true || msg["content_chars"] == nil || msg["content_offset"] == nil || one["next"] == nil {
		t.Errorf("a cut message = %v (next %v): want truncated, content_chars, content_offset and next", msg, one["next"])
	}
}

func TestMCPErrors(t *testing.T) {
	t.Parallel()
	w := sharedMCPWorld(t)
	c := startMCP(t, w, nil, nil)
	for _, tc := range []struct {
		name, tool string
		args       map[string]any
		code       string
		retryable  bool
	}{
		{"bad role", "search_past_sessions", map[string]any{"roles": []any{"robot"}}, "invalid_argument", false},
		{"wrong type", "get_past_session", map[string]any{"session_id": 7}, "invalid_argument", false},
		{"unknown argument", "search_past_sessions", map[string]any{"qurey": "x"}, "invalid_argument", false},
		{"out of range", "search_past_sessions", map[string]any{"hits_per_session": 9}, "invalid_argument", false},
		{"unknown session", "get_past_session", map[string]any{"session_id": "ffff0000"}, "not_found", false},
		{"ambiguous prefix", "get_past_session", map[string]any{"session_id": "abcd"}, "ambiguous", false},
		{"unknown repository", "search_past_sessions", map[string]any{"repo": "nowhere"}, "not_found", false},
	} {
		m, isErr := call(t, c, tc.tool, tc.args)
		if !isErr {
			t.Errorf("%s: no isError result: %v", tc.name, m)
			continue
		}
		code, retryable := errorCode(t, m)
		if code != tc.code || retryable != tc.retryable {
			t.Errorf("%s: code %s retryable %v, want %s %v (%v)", tc.name, code, retryable, tc.code, tc.retryable, m)
		}
	}
	// An unknown tool stays a protocol error.
	req := mcp.CallToolRequest{}
	req.Params.Name = "no_such_tool"
	if _, err := c.CallTool(context.Background(), req); err == nil {
		t.Error("an unknown tool gave a result, want a JSON-RPC error")
	}
}

func TestMCPIndexUnavailable(t *testing.T) {
	t.Parallel()
	w := sharedMCPWorld(t)
	notDir := filepath.Join(t.TempDir(), "file")
	os.WriteFile(notDir, []byte("x"), 0o600)
	c := startMCP(t, w, []string{"HOME=" + w.home, "HANSARD_HOME=" + filepath.Join(notDir, "archive")}, nil)
	m, isErr := call(t, c, "search_past_sessions", map[string]any{"query": "coupon"})
	if !isErr {
		t.Fatalf("search over an archive that cannot be opened: %v", m)
	}
	if code, retryable := errorCode(t, m); code != "index_unavailable" || !retryable {
		t.Errorf("code %s retryable %v, want index_unavailable, retryable", code, retryable)
	}
}

func TestMCPTimeoutAndCancel(t *testing.T) {
	t.Parallel()
	w := sharedMCPWorld(t)
	c := startMCP(t, w, nil, nil, "--call-timeout", "200ms", "--test-call-delay", "30s")
	m, isErr := call(t, c, "search_past_sessions", map[string]any{"query": "coupon"})
	if !isErr {
		t.Fatalf("a call past its limit answered %v", m)
	}
	if code, retryable := errorCode(t, m); code != "tool_timeout" || retryable {
		t.Errorf("code %s retryable %v, want tool_timeout, not retryable", code, retryable)
	}

	c2 := startMCP(t, w, nil, nil, "--test-call-delay", "30s")
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		req := mcp.CallToolRequest{}
		req.Params.Name, req.Params.Arguments = "search_past_sessions", map[string]any{"query": "coupon"}
		_, err := c2.CallTool(ctx, req)
		done <- err
	}()
	time.Sleep(100 * time.Millisecond)
	cancel()
	select {
	case err := <-done:
		if err == nil {
			t.Error("a cancelled call returned a result")
		}
	case <-time.After(20 * time.Second):
		t.Fatal("a cancelled call did not return")
	}
}

func TestMCPConcurrentCalls(t *testing.T) {
	t.Parallel()
	w := sharedMCPWorld(t)
	c := startMCP(t, w, nil, nil)
	var wg sync.WaitGroup
	errs := make(chan string, 20)
	for i := range 20 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			req := mcp.CallToolRequest{}
			if i%2 == 0 {
				req.Params.Name, req.Params.Arguments = "search_past_sessions", map[string]any{"query": "coupon"}
			} else {
				req.Params.Name, req.Params.Arguments = "get_past_session", map[string]any{"session_id": "abcd2222"}
			}
			res, err := c.CallTool(ctx, req)
			switch {
			case err != nil:
				errs <- err.Error()
			case res.IsError:
				errs <- fmt.Sprint(res.StructuredContent)
			case i%2 == 0 && !strings.Contains(fmt.Sprint(res.StructuredContent), "abcd2222"):
				errs <- "search found nothing: " + fmt.Sprint(res.StructuredContent)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
}

// TestMCPRawProtocol speaks the protocol by hand: malformed JSON-RPC gets
// a parse error and the server goes on; every request written before stdin
// closes is answered, and the server then exits 0.
func TestMCPRawProtocol(t *testing.T) {
	t.Parallel()
	w := sharedMCPWorld(t)
	cmd := exec.Command(w.bin, "mcp", "serve")
	cmd.Dir = w.repo
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + w.home, "HANSARD_HOME=" + filepath.Join(t.TempDir(), "a")}
	cmd.Stdin = strings.NewReader(strings.Join([]string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{not json`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"search_past_sessions","arguments":{"query":"coupon"}}}`,
		`{"jsonrpc":"2.0","id":3,"method":"no/such/method"}`,
	}, "\n") + "\n")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("mcp serve: %v", err)
	}
	answers := map[string]map[string]any{}
	sc := bufio.NewScanner(strings.NewReader(string(out)))
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var m map[string]any
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatalf("output line is not JSON: %q", sc.Text())
		}
		answers[fmt.Sprint(m["id"])] = m
	}
	if e, _ := answers["<nil>"]["error"].(map[string]any); e == nil || e["code"] != float64(-32700) {
		t.Errorf("malformed line: %v, want a parse error", answers["<nil>"])
	}
	if r, _ := answers["2"]["result"].(map[string]any); r == nil || !strings.Contains(fmt.Sprint(r), "abcd2222") {
		t.Errorf("the search written before stdin closed: %v", answers["2"])
	}
	if e, _ := answers["3"]["error"].(map[string]any); e == nil {
		t.Errorf("unknown method: %v, want a JSON-RPC error", answers["3"])
	}
}

// TestMCPSeesNewTranscripts appends a session while the server runs: it is
// found without restarting the server.
func TestMCPSeesNewTranscripts(t *testing.T) {
	t.Parallel()
	w := sharedMCPWorld(t)
	home := t.TempDir()
	writeSession(home, w.repo, "eeee1111-1111-4111-8111-111111111111", "2026-03-03T10:00:00Z", "first prompt", "first answer")
	c := startMCP(t, w, []string{"HOME=" + home, "HANSARD_HOME=" + filepath.Join(t.TempDir(), "a")}, nil)
	if m, _ := call(t, c, "search_past_sessions", map[string]any{"query": "flamingo"}); len(m["hits"].([]any)) != 0 {
		t.Fatalf("found before it was written: %v", m)
	}
	writeSession(home, w.repo, "eeee2222-2222-4222-8222-222222222222", "2026-03-03T11:00:00Z", "paint the flamingo pink", "Painted.")
	deadline := time.Now().Add(20 * time.Second)
	for {
		m, _ := call(t, c, "search_past_sessions", map[string]any{"query": "flamingo"})
		if len(m["hits"].([]any)) == 1 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("a transcript written while the server runs was never found: %v", m)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// TestMCPClientRoots: the repository of a call that names none is the
// client's declared root, not the server's working folder, whether the
// client answers the roots request of the current protocol or of 2025-06-18.
func TestMCPClientRoots(t *testing.T) {
	t.Parallel()
	w := sharedMCPWorld(t)
	for _, version := range []string{mcp.LATEST_PROTOCOL_VERSION, "2025-06-18"} {
		t.Run(version, func(t *testing.T) { testMCPClientRoots(t, w, version) })
	}
}

func testMCPClientRoots(t *testing.T, w mcpWorld, version string) {
	other := filepath.Join(t.TempDir(), "other")
	os.MkdirAll(other, 0o700)
	exec.Command("git", "-C", other, "init", "-q").Run()
	home := t.TempDir()
	writeSession(home, w.repo, "f0f01111-1111-4111-8111-111111111111", "2026-03-03T10:00:00Z", "heron in the shop", "ok")
	writeSession(home, other, "f0f02222-2222-4222-8222-222222222222", "2026-03-03T11:00:00Z", "heron elsewhere", "ok")
	env := []string{"HOME=" + home, "HANSARD_HOME=" + filepath.Join(t.TempDir(), "a")}
	c := startMCPVersion(t, w, version, env, []client.ClientOption{client.WithRootsHandler(roots{other})})
	m, _ := call(t, c, "search_past_sessions", map[string]any{"query": "heron"})
	hits := m["hits"].([]any)
	if len(hits) != 1 || hits[0].(map[string]any)["session_id"] != "f0f02222-2222-4222-8222-222222222222" {
		t.Errorf("hits = %v, want only the session of the client's root", hits)
	}
	m, _ = call(t, c, "search_past_sessions", map[string]any{"query": "heron", "repo": w.repo})
	if hits := m["hits"].([]any); len(hits) != 1 || hits[0].(map[string]any)["session_id"] != "f0f01111-1111-4111-8111-111111111111" {
		t.Errorf("repo named: hits = %v", hits)
	}
}

type roots struct{ dir string }

func (r roots) ListRoots(context.Context, mcp.ListRootsRequest) (*mcp.ListRootsResult, error) {
	return &mcp.ListRootsResult{Roots: []mcp.Root{{URI: "file://" + r.dir, Name: "work"}}}, nil
}

// history and search_past_sessions give the same hits (and next page)
// for the same request, whichever tier found them and whatever the
// filters, a match in a subagent's work too.
func TestHistoryAndMCPSearchAgree(t *testing.T) {
	t.Parallel()
	base := sharedMCPWorld(t)
	dir := t.TempDir()
	w := mcpWorld{bin: base.bin, home: filepath.Join(dir, "home"), repo: filepath.Join(dir, "src", "shop")}
	if err := os.MkdirAll(w.repo, 0o700); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("git", "-C", w.repo, "init", "-q").CombinedOutput(); err != nil {
		t.Fatalf("git init: %v\n%s", err, out)
	}
	main := "abcd1111-1111-4111-8111-111111111111"
	writeSession(w.home, w.repo, main, "2026-03-01T10:00:00Z",
		"make the checkout retry declined cards", "Retrying declined cards with exponential backoff now.")
	writeSession(w.home, w.repo, "abcd2222-2222-4222-8222-222222222222", "2026-03-02T10:00:00Z",
		"add a coupon field to the basket", "The basket has a coupon field now.")
	writeSession(w.home, w.repo, "abcd3333-3333-4333-8333-333333333333", "2026-03-03T10:00:00Z",
		"why do declined cards skip the coupon", "A declined card never reaches the coupon step.")
	writeSubagent(w.home, w.repo, main, "a7e1", "2026-03-01T10:05:00Z",
		"list every caller of retry_ledger", "retry_ledger is called from checkout.go only.")
	env := []string{"HOME=" + w.home, "HANSARD_HOME=" + filepath.Join(dir, "archive")}
	c := startMCP(t, w, env, nil)
	for _, r := range []struct {
		args map[string]any
		cli  []string
	}{
		{map[string]any{"query": "declined cards", "hits_per_session": 2}, []string{"--hits-per-session", "2", "declined cards"}},
		{map[string]any{"query": "cards coupon"}, []string{"cards coupon"}},
		{map[string]any{"query": "coupon field"}, []string{"coupon field"}},
		{map[string]any{"query": "declined", "roles": []string{"assistant"}}, []string{"--roles", "assistant", "declined"}},
		{map[string]any{"query": "coupon", "since": "2026-03-02", "until": "2026-03-02"}, []string{"--since", "2026-03-02", "--until", "2026-03-02", "coupon"}},
		{map[string]any{"query": "coupon", "provider": "claude", "limit": 1}, []string{"--provider", "claude", "--limit", "1", "coupon"}},
		{map[string]any{"query": "retry_ledger"}, []string{"retry_ledger"}},
		{map[string]any{"query": "retry_ledger", "include_subagents": true}, []string{"--include-subagents", "retry_ledger"}},
		{map[string]any{"since": "2026-03-02"}, []string{"--since", "2026-03-02"}},
	} {
		search := func(args map[string]any, flags []string) (map[string]any, map[string]any) {
			m, isErr := call(t, c, "search_past_sessions", args)
			if isErr {
				t.Fatalf("%v: %v", args, m)
			}
			cmd := exec.Command(w.bin, append([]string{"history", "--json"}, flags...)...)
			cmd.Env, cmd.Dir = append(env, "PATH="+os.Getenv("PATH")), w.repo
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("history %v: %v", flags, err)
			}
			var cli map[string]any
			if err := json.Unmarshal(out, &cli); err != nil {
				t.Fatalf("history %v: %v\n%s", flags, err, out)
			}
			return m, cli
		}
		m, cli := search(r.args, r.cli)
		same := func(m, cli map[string]any) {
			want, _ := json.Marshal(m["hits"])
			got, _ := json.Marshal(cli["hits"])
			if string(got) != string(want) {
				t.Errorf("%v: history %s\nsearch_past_sessions %s", r.cli, got, want)
			}
			if (m["next"] == nil) != (cli["next"] == nil) {
				t.Errorf("%v: next page: history %v, search_past_sessions %v", r.cli, cli["next"], m["next"])
			}
		}
		same(m, cli)
		if m["next"] != nil && cli["next"] != nil { // each one's next page
			args := maps.Clone(r.args)
			args["cursor"] = m["next"]
			m2, _ := search(args, r.cli)
			_, cli2 := search(r.args, append([]string{"--cursor", fmt.Sprint(cli["next"])}, r.cli...))
			same(m2, cli2)
		}
		if hits, _ := m["hits"].([]any); len(hits) == 0 {
			t.Errorf("%v: no hits", r.args)
		} else if r.cli[0] == "retry_ledger" {
			h, _ := hits[0].(map[string]any)
			if h["session_id"] != main || h["matched_in"] != "subagent" || h["subagent_session_id"] != main+"/agent-a7e1" {
				t.Errorf("match in a subagent's work: %v", h)
			}
		}
	}
}

// TestMCPRelativeTranscriptPath: get_past_session given a transcript's
// path, or a file: link to one of its lines, relative to the client's
// declared root reads that transcript's session; a client that declares
// no root has it taken from the server's working folder. The server runs
// in another folder than the root, so that only the root resolves it.
func TestMCPRelativeTranscriptPath(t *testing.T) {
	t.Parallel()
	w := sharedMCPWorld(t)
	const id = "abcd2222-2222-4222-8222-222222222222"
	transcript := filepath.Join(w.home, ".claude", "projects", strings.ReplaceAll(w.repo, "/", "-"), id+".jsonl")
	root := filepath.Join(t.TempDir(), "client", "projects", "work")
	if err := os.MkdirAll(root, 0o700); err != nil {
		t.Fatal(err)
	}
	fromRoot, err := filepath.Rel(root, transcript)
	if err != nil {
		t.Fatal(err)
	}
	fromServer, err := filepath.Rel(w.repo, transcript)
	if err != nil {
		t.Fatal(err)
	}
	if filepath.Join(w.repo, fromRoot) == transcript || filepath.Join(root, fromServer) == transcript {
		t.Fatalf("the root %s and the server's folder %s resolve the same relative paths", root, w.repo)
	}
	read := func(c *client.Client, ref string) (map[string]any, bool) {
		t.Helper()
		return call(t, c, "get_past_session", map[string]any{"session_id": ref})
	}
	c := startMCP(t, w, nil, []client.ClientOption{client.WithRootsHandler(roots{root})})
	for _, ref := range []string{fromRoot, "file:" + fromRoot + "#L2"} {
		if m, isErr := read(c, ref); isErr || m["session_id"] != id {
			t.Errorf("%s from the client's root: %v", ref, m)
		}
	}
	if m, isErr := read(c, fromServer); !isErr || func() string { code, _ := errorCode(t, m); return code }() != "not_found" {
		t.Errorf("%s, relative to the server's folder, read with a root declared: %v", fromServer, m)
	}
	plain := startMCP(t, w, nil, nil)
	if m, isErr := read(plain, fromServer); isErr || m["session_id"] != id {
		t.Errorf("%s from the server's folder, no root declared: %v", fromServer, m)
	}
}

// writeSubagent writes the transcript of a Claude Code subagent of session
// parent (the 2.1 layout): its prompt and its answer.
func writeSubagent(home, cwd, parent, agent, ts, prompt, answer string) {
	dir := filepath.Join(home, ".claude", "projects", strings.ReplaceAll(cwd, "/", "-"), parent, "subagents")
	os.MkdirAll(dir, 0o700)
	f, err := os.OpenFile(filepath.Join(dir, "agent-"+agent+".jsonl"), os.O_CREATE|os.O_WRONLY, 0o600)
	if err != nil {
		panic(err)
	}
	defer f.Close()
	line := func(v map[string]any) {
		v["sessionId"], v["cwd"], v["version"], v["timestamp"], v["isSidechain"], v["agentId"] = parent, cwd, "2.1.120", ts, true, agent
		b, _ := json.Marshal(v)
		f.Write(append(b, '\n'))
	}
	u := agent + "-u"
	line(map[string]any{"type": "user", "uuid": u, "message": map[string]any{"role": "user", "content": prompt}})
	line(map[string]any{"type": "assistant", "uuid": u + "a", "parentUuid": u, "message": map[string]any{
		"id": "msg_" + u, "role": "assistant", "model": "claude-opus-4-7",
		"content": []any{map[string]any{"type": "text", "text": answer}}}})
}
