package recall

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"hansard/archive"
	"hansard/fixtures/gen"
	"hansard/fixtures/tempdir"
	"hansard/transcripts"
)

// The benchmarks run over a generated archive of RECALL_BENCH_MB megabytes
// of transcripts (default 1000), built once under RECALL_BENCH_DIR (default
// $TMPDIR/hansard-recall-bench-<MB>-mirrors) and kept for later runs; or over an
// existing archive folder named by RECALL_BENCH_ARCHIVE. Nothing is
// generated unless a benchmark runs:
//
//	go test ./recall -run '^$' -bench . -benchtime 1x

var bench struct {
	once    sync.Once
	svc     *Service
	queries []string
	err     error
}

func benchService(b *testing.B) (*Service, []string) {
	b.Helper()
	bench.once.Do(func() { bench.svc, bench.queries, bench.err = openBench() })
	if bench.err != nil {
		b.Fatal(bench.err)
	}
	return bench.svc, bench.queries
}

func openBench() (*Service, []string, error) {
	ctx := context.Background()
	dir := os.Getenv("RECALL_BENCH_ARCHIVE")
	if dir == "" {
		var err error
		if dir, err = buildBenchArchive(ctx); err != nil {
			return nil, nil, err
		}
	}
	a, err := archive.Open(ctx, archive.Options{Dir: dir})
	if err != nil {
		return nil, nil, err
	}
	svc := &Service{Archive: a, Location: time.UTC}
	n := 240
	if v, err := strconv.Atoi(os.Getenv("RECALL_BENCH_QUERIES")); err == nil && v > 0 {
		n = v
	}
	queries, err := benchQueries(ctx, svc, n)
	return svc, queries, err
}

func buildBenchArchive(ctx context.Context) (string, error) {
	mb := int64(1000)
	if v := os.Getenv("RECALL_BENCH_MB"); v != "" {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil {
			return "", fmt.Errorf("RECALL_BENCH_MB: %w", err)
		}
		mb = n
	}
	root := os.Getenv("RECALL_BENCH_DIR")
	if root == "" {
		// The name moves with the shapes generated, so that an archive
		// built before them is not taken for one with them.
		root = tempdir.Kept(fmt.Sprintf("hansard-recall-bench-%d-mirrors", mb))
	}
	home, dir, ready := filepath.Join(root, "home"), filepath.Join(root, "archive"), filepath.Join(root, "ready")
	if _, err := os.Stat(ready); err == nil {
		return dir, nil
	}
	os.RemoveAll(root)
	// A third of the subagents known only from their parents' copies, and
	// long outputs shown as previews, as in real archives.
	opts := gen.Options{Sessions: int(max(10, mb/2)), TargetBytes: mb << 20, LongOutputs: true, Seed: 1,
		MissingSubagentFiles: 0.3, PersistedOutputs: true}
	a, err := generateArchive(ctx, home, dir, opts)
	if err != nil {
		return "", err
	}
	a.Close()
	return dir, os.WriteFile(ready, nil, 0o600)
}

// benchQueries draws n queries from what people typed in the archive: one
// to three words of a prompt, some as a quoted phrase, the way someone
// half-remembering a conversation searches for it.
func benchQueries(ctx context.Context, svc *Service, n int) ([]string, error) {
	infos, err := svc.Archive.ListSessions(ctx, archive.SearchFilter{}, 400, 0)
	if err != nil {
		return nil, err
	}
	rng := rand.New(rand.NewPCG(7, 7))
	var prompts []string
	for _, si := range infos {
		msgs, err := svc.Archive.Messages(ctx, si.ID, 0, 60)
		if err != nil {
			return nil, err
		}
		for _, m := range msgs {
			if m.Role == transcripts.RoleUser && m.Human {
				prompts = append(prompts, m.Text)
			}
		}
	}
	if len(prompts) == 0 {
		return nil, fmt.Errorf("no prompts in the benchmark archive")
	}
	var out []string
	for len(out) < n {
		ws := contentWords(prompts[rng.IntN(len(prompts))])
		if len(ws) < 3 {
			continue
		}
		k := 1 + rng.IntN(3)
		start := rng.IntN(len(ws) - k + 1)
		q := strings.Join(ws[start:start+k], " ")
		if k == 2 && rng.IntN(4) == 0 {
			q = `"` + q + `"`
		}
		out = append(out, q)
	}
	return out, nil
}

var stopWords = map[string]bool{"the": true, "and": true, "that": true, "with": true, "this": true, "from": true, "into": true, "each": true, "then": true, "for": true, "what": true, "when": true, "have": true, "make": true, "sure": true, "every": true, "them": true, "they": true}

func contentWords(s string) []string {
	var out []string
	for _, w := range strings.Fields(s) {
		w = strings.Trim(w, ".,:;!?()'\"`")
		if len(w) >= 4 && !stopWords[strings.ToLower(w)] {
			out = append(out, w)
		}
	}
	return out
}

// BenchmarkSearch runs every query once per iteration over every
// conversation (subagents included) and reports the latency percentiles
// over all of them.
func BenchmarkSearch(b *testing.B) { benchSearch(b, true) }

// BenchmarkSearchMain is BenchmarkSearch with the default filter, which
// leaves subagents' conversations out.
func BenchmarkSearchMain(b *testing.B) { benchSearch(b, false) }

func benchSearch(b *testing.B, subagents bool) {
	svc, queries := benchService(b)
	ctx := context.Background()
	var lat, cpu []time.Duration
	hits := 0
	runtime.LockOSThread() // the query runs on this thread: its CPU time is the query's
	defer runtime.UnlockOSThread()
	b.ResetTimer()
	for range b.N {
		for _, q := range queries {
			start, c0 := time.Now(), threadCPU()
			resp, err := svc.Search(ctx, SearchRequest{Query: q, IncludeSubagents: subagents})
			lat, cpu = append(lat, time.Since(start)), append(cpu, threadCPU()-c0)
			if err != nil {
				b.Fatalf("%q: %v", q, err)
			}
			if len(resp.Hits) > 0 {
				hits++
			}
		}
	}
	reportLatency(b, "", lat)
	reportLatency(b, "cpu-", cpu)
	b.ReportMetric(float64(hits)/float64(len(lat))*100, "%found")
}

// BenchmarkRead reads 20-message windows around search hits.
func BenchmarkRead(b *testing.B) {
	svc, queries := benchService(b)
	ctx := context.Background()
	type spot struct {
		id     string
		around int
	}
	var spots []spot
	for _, q := range queries[:50] {
		resp, err := svc.Search(ctx, SearchRequest{Query: q, Limit: 4})
		if err != nil {
			b.Fatal(err)
		}
		for _, h := range resp.Hits {
			spots = append(spots, spot{h.SessionID, h.MessageIndex})
		}
	}
	var lat, cpu []time.Duration
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	b.ResetTimer()
	for range b.N {
		for _, s := range spots {
			start, c0 := time.Now(), threadCPU()
			around := s.around
			if _, err := svc.Read(ctx, ReadRequest{SessionID: s.id, Around: &around, Limit: 20}); err != nil {
				b.Fatal(err)
			}
			lat, cpu = append(lat, time.Since(start)), append(cpu, threadCPU()-c0)
		}
	}
	reportLatency(b, "", lat)
	reportLatency(b, "cpu-", cpu)
}

// reportLatency reports percentiles of wall time (prefix "") or of the
// thread's CPU time ("cpu-"), which other processes on a busy machine do
// not inflate.
func reportLatency(b *testing.B, prefix string, lat []time.Duration) {
	sort.Slice(lat, func(i, j int) bool { return lat[i] < lat[j] })
	pct := func(p float64) float64 {
		return float64(lat[int(p*float64(len(lat)-1))].Microseconds()) / 1000
	}
	if prefix == "" {
		b.ReportMetric(float64(len(lat)), "calls")
	}
	b.ReportMetric(pct(0.50), prefix+"p50-ms")
	b.ReportMetric(pct(0.95), prefix+"p95-ms")
	b.ReportMetric(pct(1), prefix+"max-ms")
}

// threadCPU returns the CPU time the calling OS thread has used.
func threadCPU() time.Duration {
	var ts unix.Timespec
	if err := unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &ts); err != nil {
		return 0
	}
	return time.Duration(ts.Nano())
}
