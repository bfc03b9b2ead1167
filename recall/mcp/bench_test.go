package mcp

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"hansard/fixtures/cputime"
	"hansard/fixtures/gen"
	"hansard/fixtures/mcpwire"
	"hansard/fixtures/tempdir"
	"hansard/recall"
)

// The benchmarks run in process over the archive the cmd/hansard MCP
// benchmark builds (MCP_BENCH_DIR, default $TMPDIR/hansard-mcp-bench-1000:
// run that one first), from the folder the tests run in, as the built
// server does there:
//
//	go test ./recall/mcp -run '^$' -bench . -benchtime 1x
//
// BenchmarkHostSearch times recall.Host alone; BenchmarkServe the same
// calls through the protocol (Serve over pipes), its background refresh
// included.

func benchHost(b *testing.B) (*recall.Host, []string) {
	b.Helper()
	root := os.Getenv("MCP_BENCH_DIR")
	if root == "" {
		root = tempdir.Kept("hansard-mcp-bench-1000")
	}
	if _, err := os.Stat(filepath.Join(root, "ready")); err != nil {
		b.Skipf("no benchmark archive in %s: run go test ./cmd/hansard -run '^$' -bench MCP -benchtime 1x first", root)
	}
	env := map[string]string{"HOME": filepath.Join(root, "home"), "HANSARD_HOME": filepath.Join(root, "archive")}
	h := recall.NewHost(recall.HostOptions{Getenv: func(k string) string { return env[k] }, NoRefresh: true})
	b.Cleanup(func() { h.Close() })
	resp, err := h.Search(context.Background(), recall.SearchRequest{Limit: 100}, recall.Scope{All: true})
	if err != nil {
		b.Fatal(err)
	}
	titles := make([]string, len(resp.Hits))
	for i, hit := range resp.Hits {
		titles[i] = hit.Title
	}
	qs := gen.TitleQueries(titles, len(titles))
	if qs == nil {
		b.Fatal("no titles to draw queries from")
	}
	return h, qs
}

func BenchmarkHostSearch(b *testing.B) {
	h, qs := benchHost(b)
	ctx := context.Background()
	dir, _ := os.Getwd()
	scope := recall.Scope{Dir: dir}
	var firstCPU []float64 // each query asked the first time
	for _, q := range qs {
		cpu0 := cputime.Used()
		if _, err := h.Search(ctx, recall.SearchRequest{Query: q}, scope); err != nil {
			b.Fatal(err)
		}
		firstCPU = append(firstCPU, ms(cputime.Used()-cpu0))
	}
	var search, read, searchCPU, readCPU []float64
	b.ResetTimer()
	for range b.N {
		for _, q := range qs {
			t0, cpu0 := time.Now(), cputime.Used()
			resp, err := h.Search(ctx, recall.SearchRequest{Query: q}, scope)
			if err != nil {
				b.Fatal(err)
			}
			search, searchCPU = append(search, msSince(t0)), append(searchCPU, ms(cputime.Used()-cpu0))
			if len(resp.Hits) == 0 {
				continue
			}
			around := resp.Hits[0].MessageIndex
			t0, cpu0 = time.Now(), cputime.Used()
			if _, err := h.Read(ctx, recall.ReadRequest{SessionID: resp.Hits[0].SessionID, Around: &around, Limit: 20}); err != nil {
				b.Fatal(err)
			}
			read, readCPU = append(read, msSince(t0)), append(readCPU, ms(cputime.Used()-cpu0))
		}
	}
	report(b, search, read)
	// The process's CPU time per call moves much less with the machine's
	// load than the clock does.
	b.ReportMetric(cputime.Percentile(firstCPU, 50), "cpu-first-search-p50-ms")
	b.ReportMetric(cputime.Percentile(searchCPU, 50), "cpu-search-p50-ms")
	b.ReportMetric(cputime.Percentile(readCPU, 50), "cpu-read-p50-ms")
}

func BenchmarkServe(b *testing.B) {
	h, qs := benchHost(b)
	dir, _ := os.Getwd()
	s := New(h, Options{Version: "bench", Dir: dir})
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- s.Serve(ctx, inR, outW) }()
	b.Cleanup(func() {
		inW.Close()
		cancel()
		<-done
	})
	c := mcpwire.New(inW, outR)
	if err := c.Initialize(); err != nil {
		b.Fatal(err)
	}
	for _, q := range qs {
		c.Bench(b, "search_past_sessions", map[string]any{"query": q})
	}
	var search, read []float64
	b.ResetTimer()
	for range b.N {
		searched, reads := c.SearchThenRead(b, qs)
		search, read = append(search, searched...), append(read, reads...)
	}
	report(b, search, read)
}

func msSince(t0 time.Time) float64 { return ms(time.Since(t0)) }

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func report(b *testing.B, search, read []float64) {
	b.ReportMetric(cputime.Percentile(search, 50), "search-p50-ms")
	b.ReportMetric(cputime.Percentile(search, 95), "search-p95-ms")
	b.ReportMetric(cputime.Percentile(read, 50), "read-p50-ms")
	b.Logf("%d searches, %d reads", len(search), len(read))
}
