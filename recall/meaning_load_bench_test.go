package recall

import (
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"testing"

	"hansard/archive"
	"hansard/fixtures/cputime"
	"hansard/provenance/accuracy"
)

// loadBenchDims is the vectors' length: that of the 384-dimension
// models the embed benchmarks measure.
const loadBenchDims = 384

// loadBenchEmbedder names the model of the generated vectors; the load
// never embeds anything.
type loadBenchEmbedder struct{}

func (loadBenchEmbedder) Model() string { return "load-bench" }
func (loadBenchEmbedder) Dims() int     { return loadBenchDims }
func (loadBenchEmbedder) Embed(context.Context, []string) ([][]float32, error) {
	panic("the load embeds nothing")
}

// BenchmarkMeaningLoad measures the first meaning search's load of the
// archive's stored vectors into the in-memory index (MEANING_LOAD_VECTORS
// of them, 200,000 unless set, generated straight into an archive of the
// fixture's messages), against reading the same rows from SQLite alone.
// It reports the CPU time per million vectors.
//
//	MEANING_LOAD_VECTORS=1000000 go test ./recall -run '^$' -bench MeaningLoad -benchtime 3x
func BenchmarkMeaningLoad(b *testing.B) {
	n := 200_000
	if s := os.Getenv("MEANING_LOAD_VECTORS"); s != "" {
		var err error
		if n, err = strconv.Atoi(s); err != nil || n <= 0 {
			b.Fatalf("MEANING_LOAD_VECTORS=%q: not a positive number", s)
		}
	}
	ctx := context.Background()
	a := loadBenchArchive(b, n)
	perM := func(cpu int64, iters int) float64 { return float64(cpu) / float64(iters) / 1e6 * 1e6 / float64(n) }
	b.Run("index", func(b *testing.B) {
		runtime.GC()
		b.ResetTimer()
		cpu := cputime.Used()
		for b.Loop() {
			m := NewMeaning(loadBenchEmbedder{}, 0)
			x, _, err := m.vectors(ctx, a)
			if err != nil || x.Len() != n {
				b.Fatalf("loaded %v: %v", x, err)
			}
		}
		b.ReportMetric(perM(int64(cputime.Used()-cpu), b.N), "cpu-ms/1M")
	})
	b.Run("sqlite-alone", func(b *testing.B) {
		runtime.GC()
		b.ResetTimer()
		cpu := cputime.Used()
		for b.Loop() {
			got := 0
			if _, err := a.VectorsAfter(ctx, 0, n, func(int64, []byte, float32) { got++ }); err != nil {
				b.Fatal(err)
			}
			if got != n {
				b.Fatalf("read %d vectors of %d", got, n)
			}
		}
		b.ReportMetric(perM(int64(cputime.Used()-cpu), b.N), "cpu-ms/1M")
	})
}

// loadBenchArchive indexes the fixture's transcripts and stores n random
// vectors spread over their messages.
func loadBenchArchive(b *testing.B, n int) *archive.Archive {
	b.Helper()
	ctx := context.Background()
	home := b.TempDir()
	if err := os.CopyFS(filepath.Join(home, ".claude", "projects"), os.DirFS(filepath.Join("..", "fixtures", "claude", "projects"))); err != nil {
		b.Fatal(err)
	}
	a, err := accuracy.IndexHome(ctx, home, nil, b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { a.Close() })
	if err := a.ResetVectors(ctx, loadBenchEmbedder{}.Model(), loadBenchDims); err != nil {
		b.Fatal(err)
	}
	pend, err := a.PendingVectors(ctx, 1<<20)
	if err != nil || len(pend) == 0 {
		b.Fatalf("%d messages queued: %v", len(pend), err)
	}
	r := rand.New(rand.NewPCG(7, 1))
	for i, p := range pend {
		k := n / len(pend)
		if i < n%len(pend) {
			k++
		}
		mv := archive.MessageVectors{MessageID: p.MessageID, Seq: p.Seq, Passages: make([]archive.PassageVector, k)}
		for j := range mv.Passages {
			v := make([]int8, loadBenchDims)
			for d := range v {
				v[d] = int8(r.IntN(255) - 127)
			}
			mv.Passages[j] = archive.PassageVector{Start: j, Vec: v, Scale: 1.0 / 127}
		}
		if ok, err := a.StoreVectors(ctx, loadBenchEmbedder{}.Model(), loadBenchDims, []archive.MessageVectors{mv}, true); err != nil || !ok {
			b.Fatalf("store: %v %v", ok, err)
		}
	}
	return a
}
