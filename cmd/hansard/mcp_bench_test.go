package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/client/transport"
	"github.com/mark3labs/mcp-go/mcp"

	"hansard/fixtures/cputime"
	"hansard/fixtures/gen"
	"hansard/fixtures/tempdir"
)

// BenchmarkMCP measures the recall tools through the protocol, against the
// built binary over stdio, on a generated home of MCP_BENCH_MB megabytes of
// transcripts (default 1000) indexed once under MCP_BENCH_DIR (default
// $TMPDIR/hansard-mcp-bench-<MB>) and kept for later runs: through mcp-go's
// client (its decoding of each answer included), then on the wire (raw
// JSON-RPC lines, see wireServer). In the same run it times a plain
// `hansard history` process on the same archive:
//
//	go test ./cmd/hansard -run '^$' -bench MCP -benchtime 1x
func BenchmarkMCP(b *testing.B) {
	bin, env := mcpBenchWorld(b)
	queries := mcpBenchQueries(b, bin, env)
	for range b.N {
		start := measureStart(b, bin, env, queries[0])
		c, pid := benchClientPID(b, bin, env)
		search, read, searchCPU, readCPU := warmCalls(b, c, pid, queries, answersFile(b))
		rss := peakRSS(pid)
		c.Close()
		hist := historyProcess(b, bin, env, queries)
		wireSearch, wireRead := wireCalls(b, bin, env, queries)
		b.ReportMetric(cputime.Percentile(start, 50), "start-to-answer-ms")
		b.ReportMetric(cputime.Percentile(search, 50), "search-p50-ms")
		b.ReportMetric(cputime.Percentile(search, 95), "search-p95-ms")
		b.ReportMetric(cputime.Percentile(read, 50), "read-p50-ms")
		b.ReportMetric(cputime.Percentile(read, 95), "read-p95-ms")
		b.ReportMetric(cputime.Percentile(hist, 50), "history-process-p50-ms")
		b.ReportMetric(cputime.Percentile(wireSearch, 50), "wire-search-p50-ms")
		b.ReportMetric(cputime.Percentile(wireSearch, 95), "wire-search-p95-ms")
		b.ReportMetric(cputime.Percentile(wireRead, 50), "wire-read-p50-ms")
		if rss > 0 {
			b.ReportMetric(rss, "server-peak-rss-mb")
		}
		if len(searchCPU) > 0 {
			b.ReportMetric(cputime.Percentile(searchCPU, 50), "server-cpu-search-p50-ms")
			b.ReportMetric(cputime.Percentile(readCPU, 50), "server-cpu-read-p50-ms")
		}
		b.Logf("%d queries: search p50 %.2f ms p95 %.2f ms; read p50 %.2f ms; server start to first answer %.1f ms (median of %d); `hansard history` process p50 %.1f ms; server CPU per search p50 %.2f ms, per read %.2f ms; on the wire: search p50 %.2f ms p95 %.2f ms, read p50 %.2f ms",
			len(search), cputime.Percentile(search, 50), cputime.Percentile(search, 95), cputime.Percentile(read, 50), cputime.Percentile(start, 50), len(start), cputime.Percentile(hist, 50), cputime.Percentile(searchCPU, 50), cputime.Percentile(readCPU, 50),
			cputime.Percentile(wireSearch, 50), cputime.Percentile(wireSearch, 95), cputime.Percentile(wireRead, 50))
	}
}

// mcpBenchWorld builds the binary and, once, the indexed home.
func mcpBenchWorld(b *testing.B) (bin string, env []string) {
	b.Helper()
	mb := int64(1000)
	if v := os.Getenv("MCP_BENCH_MB"); v != "" {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			b.Fatalf("MCP_BENCH_MB: %v", err)
		}
		mb = n
	}
	root := os.Getenv("MCP_BENCH_DIR")
	if root == "" {
		root = tempdir.Kept(fmt.Sprintf("hansard-mcp-bench-%d", mb))
	}
	bin = buildHansard(b)
	home := filepath.Join(root, "home")
	env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + home, "HANSARD_HOME=" + filepath.Join(root, "archive")}
	ready := filepath.Join(root, "ready")
	if _, err := os.Stat(ready); err == nil {
		return bin, env
	}
	os.RemoveAll(root)
	if _, err := gen.Write(home, gen.Options{Sessions: int(max(10, mb/2)), TargetBytes: mb << 20, LongOutputs: true, Seed: 1}); err != nil {
		b.Fatal(err)
	}
	indexBenchHome(b, bin, env, ready)
	return bin, env
}

// indexBenchHome indexes a benchmark's home with `hansard index` and marks
// it ready, for later runs to reuse.
func indexBenchHome(b *testing.B, bin string, env []string, ready string) {
	b.Helper()
	cmd := exec.Command(bin, "index")
	cmd.Env = env
	if out, err := cmd.CombinedOutput(); err != nil {
		b.Fatalf("index: %v\n%s", err, out)
	}
	if err := os.WriteFile(ready, nil, 0o600); err != nil {
		b.Fatal(err)
	}
}

// mcpBenchQueries takes one or two words of archived titles, as someone
// half-remembering a conversation searches for it.
func mcpBenchQueries(b *testing.B, bin string, env []string) []string {
	b.Helper()
	cmd := exec.Command(bin, "history", "--all-repos", "--json", "--limit", "100", "--no-refresh")
	cmd.Env = env
	out, err := cmd.Output()
	if err != nil {
		b.Fatalf("history: %v", err)
	}
	var resp struct {
		Hits []struct {
			Title string `json:"title"`
		} `json:"hits"`
	}
	if err := json.Unmarshal(out, &resp); err != nil {
		b.Fatal(err)
	}
	titles := make([]string, len(resp.Hits))
	for i, h := range resp.Hits {
		titles[i] = h.Title
	}
	qs := gen.TitleQueries(titles, 240)
	if qs == nil {
		b.Fatal("no titles to draw queries from")
	}
	return qs
}

func benchClient(b *testing.B, bin string, env []string) *client.Client {
	c, _ := benchClientPID(b, bin, env)
	return c
}

// benchClientPID is benchClient that also returns the server's process
// id.
func benchClientPID(b *testing.B, bin string, env []string) (*client.Client, int) {
	b.Helper()
	var cmd *exec.Cmd
	tr := transport.NewStdioWithOptions(bin, env, []string{"mcp", "serve"},
		transport.WithCommandFunc(func(ctx context.Context, command string, env []string, args []string) (*exec.Cmd, error) {
			cmd = exec.CommandContext(ctx, command, args...)
			cmd.Env = append(os.Environ(), env...)
			return cmd, nil
		}))
	c := client.NewClient(tr)
	if err := c.Start(context.Background()); err != nil {
		b.Fatal(err)
	}
	init := mcp.InitializeRequest{}
	init.Params.ProtocolVersion = mcp.LATEST_PROTOCOL_VERSION
	init.Params.ClientInfo = mcp.Implementation{Name: "bench", Version: "1"}
	if _, err := c.Initialize(context.Background(), init); err != nil {
		b.Fatal(err)
	}
	return c, cmd.Process.Pid
}

func callTool(b *testing.B, c *client.Client, name string, args map[string]any) *mcp.CallToolResult {
	req := mcp.CallToolRequest{}
	req.Params.Name, req.Params.Arguments = name, args
	res, err := c.CallTool(context.Background(), req)
	if err != nil {
		b.Fatalf("%s: %v", name, err)
	}
	if res.IsError {
		b.Fatalf("%s: %v", name, res.StructuredContent)
	}
	return res
}

// measureStart times five server starts, each from the process start to
// the answer of its first search.
func measureStart(b *testing.B, bin string, env []string, q string) []float64 {
	var out []float64
	for range 5 {
		t0 := time.Now()
		c := benchClient(b, bin, env)
		callTool(b, c, "search_past_sessions", map[string]any{"query": q})
		out = append(out, ms(time.Since(t0)))
		c.Close()
	}
	return out
}

// warmCalls runs every query once to warm up, then times each query and a
// 20-message read around its first hit, by the clock and by the server's
// CPU time (its background refresh included, when it runs meanwhile).
func warmCalls(b *testing.B, c *client.Client, pid int, queries []string, answers io.Writer) (search, read, searchCPU, readCPU []float64) {
	for _, q := range queries {
		callTool(b, c, "search_past_sessions", map[string]any{"query": q})
	}
	for _, q := range queries {
		cpu0 := cputime.Process(pid)
		t0 := time.Now()
		res := callTool(b, c, "search_past_sessions", map[string]any{"query": q})
		search = append(search, ms(time.Since(t0)))
		cpu1 := cputime.Process(pid)
		if cpu0 >= 0 {
			searchCPU = append(searchCPU, ms(cpu1-cpu0))
		}
		raw, _ := json.Marshal(res.StructuredContent)
		fmt.Fprintf(answers, "search %q\n%s\n", q, raw)
		var resp struct {
			Hits []struct {
				SessionID    string `json:"session_id"`
				MessageIndex int    `json:"message_index"`
			} `json:"hits"`
		}
		json.Unmarshal(raw, &resp)
		if len(resp.Hits) == 0 {
			continue
		}
		h := resp.Hits[0]
		cpu0 = cputime.Process(pid)
		t0 = time.Now()
		got := callTool(b, c, "get_past_session", map[string]any{"session_id": h.SessionID, "around": h.MessageIndex, "limit": 20})
		read = append(read, ms(time.Since(t0)))
		raw, _ = json.Marshal(got.StructuredContent)
		fmt.Fprintf(answers, "read %s %d\n%s\n", h.SessionID, h.MessageIndex, raw)
		if cpu1 = cputime.Process(pid); cpu0 >= 0 {
			readCPU = append(readCPU, ms(cpu1-cpu0))
		}
	}
	return search, read, searchCPU, readCPU
}

// peakRSS is the peak resident memory of process pid in MB (VmHWM), 0
// when it cannot be read.
func peakRSS(pid int) float64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for line := range strings.SplitSeq(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, _ := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 64)
			return kb / 1024
		}
	}
	return 0
}

// answersFile is where the timed calls' answers are written, one JSON
// line each after a line naming the call, when MCP_BENCH_ANSWERS names a
// file: to compare the answers of two builds.
func answersFile(b *testing.B) io.Writer {
	path := os.Getenv("MCP_BENCH_ANSWERS")
	if path == "" {
		return io.Discard
	}
	f, err := os.OpenFile(path, os.O_CREATE|os.O_TRUNC|os.O_WRONLY, 0o600)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { f.Close() })
	return f
}

// historyProcess times `hansard history QUERY` processes (refresh included)
// searching every repository of the same archive, as the server does from
// a folder outside them.
func historyProcess(b *testing.B, bin string, env []string, queries []string) []float64 {
	var out []float64
	for i := range 21 {
		cmd := exec.Command(bin, "history", "--all-repos", queries[i])
		cmd.Env = env
		t0 := time.Now()
		if err := cmd.Run(); err != nil {
			b.Fatalf("history: %v", err)
		}
		out = append(out, ms(time.Since(t0)))
	}
	return out
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
