package embed

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"testing"

	"hansard/fixtures/cputime"
)

// synthetic returns n unit vectors of dims components drawn around
// clusters centres (as texts on a few hundred topics are), and queries
// near some of them.
func synthetic(n, dims, clusters int, seed uint64) (*Index, [][]float32) {
	r := rand.New(rand.NewPCG(seed, 1))
	centres := make([][]float32, clusters)
	for c := range centres {
		centres[c] = make([]float32, dims)
		for i := range centres[c] {
			centres[c][i] = float32(r.NormFloat64())
		}
	}
	near := func(c []float32, spread float64) []float32 {
		v := make([]float32, dims)
		for i := range v {
			v[i] = c[i] + float32(spread*r.NormFloat64())
		}
		return v
	}
	x := NewIndex(dims)
	x.Grow(n)
	for i := range n {
		q, s := Quantize(near(centres[r.IntN(clusters)], 1.5))
		x.Add(int64(i), q, s)
	}
	queries := make([][]float32, 32)
	for i := range queries {
		queries[i] = near(centres[r.IntN(clusters)], 1.5)
	}
	return x, queries
}

var (
	benchIndexes = map[int]*Index{}
	benchQueries = map[int][][]float32{}
)

// BenchmarkSearch1M scans a million vectors for each dimension; it
// reports the CPU time of a search (both cores: the sketch scan runs on
// each), the memory the index takes and how many of the exact top 20 it
// finds.
//
//	go test ./embed -run '^$' -bench Search1M -benchtime 20x
func BenchmarkSearch1M(b *testing.B) {
	for _, dims := range []int{384, 768} {
		b.Run(fmt.Sprint(dims), func(b *testing.B) {
			if benchIndexes[dims] == nil { // built once: the benchmark runs twice
				x, q := synthetic(1_000_000, dims, 500, 7)
				benchIndexes[dims], benchQueries[dims] = x, q
			}
			x, queries := benchIndexes[dims], benchQueries[dims]
			runtime.GC()
			b.ResetTimer()
			cpu := cputime.Used()
			for i := range b.N {
				if len(x.Search(queries[i%len(queries)], 20)) != 20 {
					b.Fatal("short answer")
				}
			}
			b.ReportMetric(float64(cputime.Used()-cpu)/float64(b.N)/1e6, "cpu-ms/op")
			b.StopTimer()
			b.ReportMetric(float64(x.Bytes())/(1<<20), "MiB")
			// How many of the exact top 20 the search finds.
			found := 0
			for _, q := range queries[:4] {
				got := map[int64]bool{}
				for _, m := range x.Search(q, 20) {
					got[m.ID] = true
				}
				for _, m := range exact(x, q, 20) {
					if got[m.ID] {
						found++
					}
				}
			}
			b.ReportMetric(float64(found)/80, "recall@20")
		})
	}
}
