package local

import (
	"context"
	"errors"
	"math"
	"slices"
)

// counts are the weighted co-occurrences of the vocabulary's words.
type counts struct {
	n     int
	pairs map[uint64]float64 // row<<32 | col
	row   []float64
	total float64
}

// cooccurrences reads the texts a second time and counts, for every pair
// of known words within the window of each other, 1/distance, both ways.
func cooccurrences(ctx context.Context, texts Texts, vocab []string, o Options) (*counts, error) {
	ids := make(map[string]int32, len(vocab))
	for i, w := range vocab {
		ids[w] = int32(i)
	}
	c := &counts{n: len(vocab), pairs: map[uint64]float64{}, row: make([]float64, len(vocab))}
	var words []string
	var seq []int32
	var tokens, read int64
	err := texts(func(text string) error {
		if tokens >= o.MaxTokens {
			return errStop
		}
		if read++; read%1024 == 0 {
			if err := ctx.Err(); err != nil {
				return err
			}
		}
		words = Words(text, words[:0])
		tokens += int64(len(words))
		seq = seq[:0]
		for _, w := range words {
			if id, ok := ids[w]; ok {
				seq = append(seq, id)
			}
		}
		for i, a := range seq {
			for d := 1; d <= o.Window && i+d < len(seq); d++ {
				b := seq[i+d]
				if a == b {
					continue
				}
				w := 1 / float64(d)
				c.pairs[uint64(a)<<32|uint64(b)] += w
				c.pairs[uint64(b)<<32|uint64(a)] += w
				c.row[a] += w
				c.row[b] += w
				c.total += 2 * w
			}
		}
		return nil
	})
	if err != nil && !errors.Is(err, errStop) {
		return nil, err
	}
	return c, nil
}

// sparse is a matrix in compressed sparse rows.
type sparse struct {
	rows, cols int
	start      []int // len rows+1
	col        []int32
	val        []float64
}

// ppmi returns the positive pointwise mutual information of the counts,
// with the context words' distribution smoothed.
func (c *counts) ppmi() *sparse {
	ctxMass := make([]float64, c.n)
	var ctxTotal float64
	for i, r := range c.row { // the counts are symmetric: a row sum is a column sum
		ctxMass[i] = math.Pow(r, smoothing)
		ctxTotal += ctxMass[i]
	}
	keys := make([]uint64, 0, len(c.pairs))
	for k := range c.pairs {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	m := &sparse{rows: c.n, cols: c.n, start: make([]int, c.n+1)}
	for _, k := range keys {
		a, b := int(k>>32), int(k&math.MaxUint32)
		pmi := math.Log(c.pairs[k] * ctxTotal / (c.row[a] * ctxMass[b]))
		if pmi <= 0 {
			continue
		}
		m.col = append(m.col, int32(b))
		m.val = append(m.val, pmi)
		m.start[a+1]++
	}
	for i := range c.n {
		m.start[i+1] += m.start[i]
	}
	return m
}

// dense is a matrix of rows×k values, row by row.
type dense struct {
	rows, k int
	v       []float64
}

func newDense(rows, k int) *dense { return &dense{rows: rows, k: k, v: make([]float64, rows*k)} }

func (d *dense) row(r int) []float64 { return d.v[r*d.k : (r+1)*d.k] }

// mul returns m·x.
func (m *sparse) mul(x *dense) *dense {
	out := newDense(m.rows, x.k)
	for r := range m.rows {
		o := out.row(r)
		for p := m.start[r]; p < m.start[r+1]; p++ {
			axpy(o, m.val[p], x.row(int(m.col[p])))
		}
	}
	return out
}

// mulT returns mᵀ·x.
func (m *sparse) mulT(x *dense) *dense {
	out := newDense(m.cols, x.k)
	for r := range m.rows {
		xr := x.row(r)
		for p := m.start[r]; p < m.start[r+1]; p++ {
			axpy(out.row(int(m.col[p])), m.val[p], xr)
		}
	}
	return out
}

// axpy adds a·x to y.
func axpy(y []float64, a float64, x []float64) {
	x = x[:len(y)]
	for i := range y {
		y[i] += a * x[i]
	}
}
