package archive

import (
	"bufio"
	"context"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"hansard/fixtures/cputime"
	"hansard/fixtures/gen"
	"hansard/fixtures/tempdir"
	"hansard/fixtures/testgc"
	"hansard/redact"
	"hansard/transcripts"
	"hansard/transcripts/claude"
	"hansard/transcripts/codex"
)

// Benchmarks run on generated homes (fixtures/gen): Claude Code and Codex
// transcripts with long tool outputs and subagents. Generated once per
// process and shared by the benchmarks.
//
//	go test ./archive -run '^$' -bench . -benchtime 3x

var benchHomes sync.Map // key -> *benchHome

type benchHome struct {
	dir   string
	stats gen.Stats
	err   error
}

func generatedHome(b *testing.B, key string, opts gen.Options) *benchHome {
	b.Helper()
	v, _ := benchHomes.LoadOrStore(key, &sync.Once{})
	if once, ok := v.(*sync.Once); ok {
		once.Do(func() {
			dir, err := os.MkdirTemp("", "hansard-bench-")
			h := &benchHome{dir: dir, err: err}
			if err == nil {
				h.stats, h.err = gen.Write(dir, opts)
			}
			benchHomes.Store(key+"/home", h)
		})
	}
	h, _ := benchHomes.Load(key + "/home")
	home := h.(*benchHome)
	if home.err != nil {
		b.Fatal(home.err)
	}
	return home
}

func realProviders() []transcripts.Provider {
	return []transcripts.Provider{claude.New(), codex.Provider{}}
}

func homeEnv(home string) transcripts.Env {
	return func(k string) string {
		if k == "HOME" {
			return home
		}
		return ""
	}
}

func openBench(b *testing.B, opts Options) *Archive {
	b.Helper()
	opts.Dir = b.TempDir()
	a, err := Open(context.Background(), opts)
	if err != nil {
		b.Fatal(err)
	}
	return a
}

// BenchmarkColdIndex indexes a 64 MB home into a new archive, with and
// without redaction, next to the rate of merely decoding every line of the
// same files as JSON (the ceiling). index+redact reports redaction's share
// of the CPU time (against index, run just before).
func BenchmarkColdIndex(b *testing.B) {
	home := generatedHome(b, "cold", gen.Options{Sessions: 40, TargetBytes: 64 << 20, LongOutputs: true, Seed: 7, Secrets: 20})
	b.Run("decode", func(b *testing.B) {
		b.SetBytes(home.stats.Bytes)
		for b.Loop() {
			if err := decodeAll(home.dir); err != nil {
				b.Fatal(err)
			}
		}
	})
	var plainCPU time.Duration // CPU time of one run without redaction
	for _, mode := range []struct {
		name   string
		redact func(string) string
	}{{"index", nil}, {"index+redact", redact.New().String}} {
		b.Run(mode.name, func(b *testing.B) {
			b.SetBytes(home.stats.Bytes)
			var cpu, busy, wall time.Duration
			defer func() {
				b.ReportMetric(100*busy.Seconds()/wall.Seconds(), "writer-busy-%")
				// The machine may be shared: CPU time per byte is the
				// figure that does not depend on other load.
				perRun := cpu / time.Duration(b.N)
				b.ReportMetric(float64(home.stats.Bytes)/(1<<20)/perRun.Seconds(), "MB/cpu-s")
				if mode.redact == nil {
					plainCPU = perRun
				} else if plainCPU > 0 {
					b.ReportMetric(100*(perRun-plainCPU).Seconds()/perRun.Seconds(), "redact-%cpu")
				}
			}()
			for b.Loop() {
				b.StopTimer()
				a := openBench(b, Options{Redact: mode.redact})
				b.StartTimer()
				before := cputime.Used()
				res, err := a.Refresh(context.Background(), realProviders(), homeEnv(home.dir), RefreshOptions{})
				if err != nil {
					b.Fatal(err)
				}
				cpu += cputime.Used() - before
				busy += res.WriterBusy
				wall += res.Elapsed
				b.StopTimer()
				if res.Sessions == 0 {
					b.Fatalf("nothing indexed: %+v", res)
				}
				a.Close()
				b.StartTimer()
			}
		})
	}
}

// decodeAll decodes every line of every .jsonl file under dir.
func decodeAll(dir string) error {
	return filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".jsonl") {
			return err
		}
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		_, _, err = transcripts.ReadLines(context.Background(), bufio.NewReader(f), transcripts.Checkpoint{}, func(l transcripts.Line) error {
			var v any
			json.Unmarshal(l.Bytes, &v)
			return nil
		})
		return err
	})
}

// BenchmarkRefreshUnchanged refreshes an archive when nothing changed:
// 300 transcripts (target: 30 ms or less) and about 2,000 (the refresh
// every query command runs first).
func BenchmarkRefreshUnchanged(b *testing.B) {
	for _, size := range []struct {
		name string
		opts gen.Options
	}{
		{"300", gen.Options{Sessions: 300, TargetBytes: 30 << 20, SubagentRatio: -1, Seed: 3}},
		{"2000", gen.Options{Sessions: 1100, TargetBytes: 60 << 20, SubagentRatio: 0.12, Seed: 3}},
	} {
		b.Run(size.name, func(b *testing.B) {
			home := generatedHome(b, "unchanged-"+size.name, size.opts)
			a := openBench(b, Options{})
			defer a.Close()
			ctx := context.Background()
			if _, err := a.Refresh(ctx, realProviders(), homeEnv(home.dir), RefreshOptions{}); err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(float64(home.stats.Files), "files")
			b.ResetTimer()
			for b.Loop() {
				res, err := a.Refresh(ctx, realProviders(), homeEnv(home.dir), RefreshOptions{})
				if err != nil {
					b.Fatal(err)
				}
				if res.Unchanged != home.stats.Files {
					b.Fatalf("refresh read files: %+v (%d files)", res, home.stats.Files)
				}
			}
		})
	}
}

// BenchmarkReattach re-attaches 1,000 sessions and their edits after a path
// map change (target: 1 s or less).
func BenchmarkReattach(b *testing.B) {
	repos := b.TempDir()
	for _, r := range []string{"one", "two"} {
		if err := os.MkdirAll(filepath.Join(repos, r, ".git"), 0o700); err != nil {
			b.Fatal(err)
		}
	}
	home := generatedHome(b, "reattach", gen.Options{Sessions: 1000, TargetBytes: 40 << 20, SubagentRatio: -1, Seed: 5,
		RepoRoot: "/home/bob/src/webapp"})
	a := openBench(b, Options{Resolver: &dotGitResolver{}})
	defer a.Close()
	ctx := context.Background()
	if _, err := a.Refresh(ctx, realProviders(), homeEnv(home.dir), RefreshOptions{}); err != nil {
		b.Fatal(err)
	}
	var sessions, edits int
	a.db.QueryRow(`SELECT (SELECT count(*) FROM sessions), (SELECT count(*) FROM edits)`).Scan(&sessions, &edits)
	b.ReportMetric(float64(sessions), "sessions")
	b.ReportMetric(float64(edits), "edits")
	i := 0
	for b.Loop() {
		target := filepath.Join(repos, []string{"one", "two"}[i%2])
		i++
		if err := a.Reattach(ctx, []PathMap{{From: "/home/bob/src/webapp", To: target}}); err != nil {
			b.Fatal(err)
		}
		var attached int
		a.db.QueryRow(`SELECT count(*) FROM sessions WHERE repo_root = ?`, target).Scan(&attached)
		if attached < 1000 {
			b.Fatalf("%d sessions attached to %s", attached, target)
		}
	}
}

// TestMain removes the homes generated for benchmarks.
func TestMain(m *testing.M) {
	testgc.Pace()
	done := tempdir.InMemory()
	code := m.Run()
	benchHomes.Range(func(_, v any) bool {
		if h, ok := v.(*benchHome); ok && h.dir != "" {
			os.RemoveAll(h.dir)
		}
		return true
	})
	done()
	os.Exit(code)
}
