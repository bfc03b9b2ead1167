package local

import (
	"context"
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"math"

	"hansard/embed"
)

// Model is a learned embedding: a vector and a weight for each word it
// knows. It is safe for concurrent use.
type Model struct {
	dims  int
	name  string
	words []string
	ids   map[string]int32
	idf   []float32
	vecs  []float32 // len(words)*dims, each row of unit length
	info  TrainInfo
}

var _ embed.Embedder = (*Model)(nil)

// modelPrefix starts every local model's name; the rest identifies the
// learned values, so that a retrained model rebuilds the stored vectors.
const modelPrefix = "hansard-local-ppmi-svd"

func newModel(dims int, words []string, idf, vecs []float32, info TrainInfo) *Model {
	m := &Model{dims: dims, words: words, idf: idf, vecs: vecs, info: info, ids: make(map[string]int32, len(words))}
	h := fnv.New64a()
	var b [4]byte
	for i, w := range words {
		m.ids[w] = int32(i)
		h.Write([]byte(w))
		binary.LittleEndian.PutUint32(b[:], math.Float32bits(idf[i]))
		h.Write(b[:])
	}
	for _, v := range vecs {
		binary.LittleEndian.PutUint32(b[:], math.Float32bits(v))
		h.Write(b[:])
	}
	m.name = fmt.Sprintf("%s-%d-%016x", modelPrefix, dims, h.Sum64())
	return m
}

// Model names the model and its learned values.
func (m *Model) Model() string { return m.name }

// Dims is the length of the vectors.
func (m *Model) Dims() int { return m.dims }

// Info says what the model was learned from.
func (m *Model) Info() TrainInfo { return m.info }

// Words is the number of words the model has a vector for.
func (m *Model) Words() int { return len(m.words) }

// Embed returns each text's vector: the mean of its known words' vectors
// weighted by their inverse document frequency, of unit length; a text
// with no known word gets the zero vector.
func (m *Model) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	out := make([][]float32, len(texts))
	var buf []string
	for i, t := range texts {
		if i%256 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		buf = Words(t, buf[:0])
		out[i] = m.vector(buf)
	}
	return out, nil
}

func (m *Model) vector(words []string) []float32 {
	acc := make([]float64, m.dims)
	for _, w := range words {
		id, ok := m.ids[w]
		if !ok {
			continue
		}
		axpy32(acc, float64(m.idf[id]), m.vecs[int(id)*m.dims:(int(id)+1)*m.dims])
	}
	var norm float64
	for _, v := range acc {
		norm += v * v
	}
	v := make([]float32, m.dims)
	if norm == 0 {
		return v
	}
	norm = 1 / math.Sqrt(norm)
	for i, a := range acc {
		v[i] = float32(a * norm)
	}
	return v
}

func axpy32(y []float64, a float64, x []float32) {
	x = x[:len(y)]
	for i := range y {
		y[i] += a * float64(x[i])
	}
}
