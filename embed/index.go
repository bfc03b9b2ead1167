package embed

import (
	"encoding/binary"
	"math"
	"math/bits"
	"runtime"
	"slices"
	"sync"
)

// Bounds of a search of an Index.
const (
	// rescoreAtLeast is how many vectors, at least, the sign sketches
	// pass on to the int8 rescoring.
	rescoreAtLeast = 4000
	// rescorePerMatch is how many vectors per match wanted are rescored
	// when that is more.
	rescorePerMatch = 20
	// exactPerMatch is how many of the rescored vectors per match wanted
	// get their exact cosine (and at least exactAtLeast).
	exactPerMatch = 4
	exactAtLeast  = 256
	// parallelFrom is the number of vectors from which the sketch scan is
	// split across cores.
	parallelFrom = 1 << 15
)

// Index holds int8 vectors in memory for a similarity search: one flat
// slab of int8 components (outside the Go heap, see slab), a scale and a norm per vector, and a 1-bit
// sign sketch per vector. A search scans the sketches by Hamming distance
// (popcount over uint64 words, split across cores), rescores the nearest
// few thousand with int8 dot products, then ranks the best of those by
// their exact cosine with the query. It is safe for concurrent use; Add
// appends.
type Index struct {
	mu     sync.RWMutex
	dims   int
	words  int // uint64 words of one sketch
	ids    []int64
	scales []float32
	norms  []float32 // |q| of each stored int8 vector
	vecs   slab      // len(ids)*dims int8 components
	signs  slab      // len(ids)*words little-endian uint64 words
}

// NewIndex returns an empty index of vectors of dims components.
func NewIndex(dims int) *Index {
	if dims <= 0 {
		panic("embed.NewIndex: dims must be positive")
	}
	x := &Index{dims: dims, words: (dims + 63) / 64}
	runtime.SetFinalizer(x, (*Index).free)
	return x
}

// free returns the slabs' memory (when the index is dropped).
func (x *Index) free() {
	x.vecs.free()
	x.signs.free()
}

// Dims is the length of the index's vectors.
func (x *Index) Dims() int { return x.dims }

// Len is the number of vectors held.
func (x *Index) Len() int {
	x.mu.RLock()
	defer x.mu.RUnlock()
	return len(x.ids)
}

// Bytes is the memory the vectors take.
func (x *Index) Bytes() int {
	x.mu.RLock()
	defer x.mu.RUnlock()
	return cap(x.vecs.b) + cap(x.signs.b) + 8*cap(x.ids) + 4*cap(x.scales) + 4*cap(x.norms)
}

// Grow makes room for n more vectors.
func (x *Index) Grow(n int) {
	x.mu.Lock()
	defer x.mu.Unlock()
	x.ids = slices.Grow(x.ids, n)
	x.scales = slices.Grow(x.scales, n)
	x.norms = slices.Grow(x.norms, n)
	x.vecs.grow(n * x.dims)
	x.signs.grow(n * x.words * 8)
}

// Add appends the quantized vector q (see Quantize) under id. It panics
// when q is not Dims long.
func (x *Index) Add(id int64, q []int8, scale float32) { add(x, id, q, scale) }

// AddBytes appends a quantized vector stored as bytes (each an int8
// component, as the archive keeps them) under id, without converting
// it first. It panics when b is not Dims long.
func (x *Index) AddBytes(id int64, b []byte, scale float32) { add(x, id, b, scale) }

// component is how a quantized vector's components may be held.
type component interface{ ~int8 | ~byte }

func add[T component](x *Index, id int64, q []T, scale float32) {
	if len(q) != x.dims {
		panic("embed.Index.Add: vector of the wrong length")
	}
	x.mu.Lock()
	defer x.mu.Unlock()
	v := x.vecs.extend(x.dims)
	w := x.signs.extend(8 * x.words)
	// One pass: the components copied, their squares summed, their signs
	// set, a sketch word at a time.
	var n int64
	for i := range x.words {
		part := q[64*i : min(len(q), 64*(i+1))]
		var bits uint64
		for j, c := range part {
			s := int64(int8(c))
			v[64*i+j] = byte(c)
			n += s * s
			bits |= uint64(-s) >> 63 << j
		}
		binary.LittleEndian.PutUint64(w[8*i:], bits)
	}
	x.ids = append(x.ids, id)
	x.scales = append(x.scales, scale)
	x.norms = append(x.norms, float32(math.Sqrt(float64(n))))
}

// sketchOf returns the sign bits of q: bit i is set when q[i] > 0.
func sketchOf(q []int8, words int) []uint64 {
	out := make([]uint64, words)
	for i := range out {
		out[i] = signWord(q[min(len(q), 64*i):min(len(q), 64*(i+1))])
	}
	return out
}

// signWord returns the sign bits of up to 64 components: bit i is set
// when q[i] > 0 (without a branch: signs are as good as random).
func signWord(q []int8) uint64 {
	var w uint64
	for i, c := range q {
		w |= uint64(-int64(c)) >> 63 << i
	}
	return w
}

// vec returns the stored vector at position at.
func (x *Index) vec(at int) []byte { return x.vecs.b[at*x.dims : (at+1)*x.dims] }

// Match is a stored vector and its cosine similarity with a query.
type Match struct {
	ID         int64
	Similarity float32
}

// Search returns the k stored vectors most similar to query (by cosine,
// best first). The sign sketches choose the candidates, so a vector whose
// signs differ much from the query's may be missed when many others are
// nearer in sign; the rest is exact on the stored int8 vectors.
func (x *Index) Search(query []float32, k int) []Match {
	if len(query) != x.dims {
		panic("embed.Index.Search: query of the wrong length")
	}
	x.mu.RLock()
	defer x.mu.RUnlock()
	n := len(x.ids)
	if k <= 0 || n == 0 {
		return nil
	}
	q8, qscale := Quantize(query)
	if qscale == 0 {
		return nil
	}
	cands := x.nearestSketches(sketchOf(q8, x.words), max(rescoreAtLeast, rescorePerMatch*k))
	// Rescore with int8 dot products: ≈ cosine, as both are unit vectors.
	type scored struct {
		at  int
		sim float32
	}
	rs := make([]scored, len(cands))
	for i, at := range cands {
		rs[i] = scored{at, float32(dot8(q8, x.vec(at))) * qscale * x.scales[at]}
	}
	slices.SortFunc(rs, func(a, b scored) int { return cmpDesc(a.sim, b.sim) })
	rs = rs[:min(len(rs), max(exactAtLeast, exactPerMatch*k))]
	// The exact cosine of the query with each stored vector.
	unit := Normalize(query)
	for i := range rs {
		v := x.vec(rs[i].at)
		var d float32
		for j, c := range v {
			d += unit[j] * float32(int8(c))
		}
		if nv := x.norms[rs[i].at]; nv > 0 {
			rs[i].sim = d / nv
		} else {
			rs[i].sim = 0
		}
	}
	slices.SortFunc(rs, func(a, b scored) int {
		if c := cmpDesc(a.sim, b.sim); c != 0 {
			return c
		}
		return a.at - b.at
	})
	out := make([]Match, 0, min(k, len(rs)))
	for _, r := range rs[:min(k, len(rs))] {
		out = append(out, Match{ID: x.ids[r.at], Similarity: r.sim})
	}
	return out
}

func cmpDesc(a, b float32) int {
	switch {
	case a > b:
		return -1
	case a < b:
		return 1
	}
	return 0
}

func dot8(a []int8, b []byte) int32 {
	var s int32
	b = b[:len(a)]
	for i, c := range a {
		s += int32(c) * int32(int8(b[i]))
	}
	return s
}

// nearestSketches returns the positions of the want vectors (all when
// fewer) whose sketches are nearest to sketch by Hamming distance, in
// position order.
func (x *Index) nearestSketches(sketch []uint64, want int) []int {
	n := len(x.ids)
	if want >= n {
		out := make([]int, n)
		for i := range out {
			out[i] = i
		}
		return out
	}
	dist := make([]uint16, n)
	parts := 1
	if n >= parallelFrom {
		parts = runtime.GOMAXPROCS(0)
	}
	hists := make([][]int, parts)
	var wg sync.WaitGroup
	for p := range parts {
		lo, hi := p*n/parts, (p+1)*n/parts
		hists[p] = make([]int, x.dims+1)
		wg.Add(1)
		go func() {
			defer wg.Done()
			x.hamming(sketch, lo, hi, dist, hists[p])
		}()
	}
	wg.Wait()
	// The distance below which fewer than want lie.
	cut, below := 0, 0
	for d := 0; d <= x.dims; d++ {
		c := 0
		for _, h := range hists {
			c += h[d]
		}
		if below+c >= want {
			cut = d
			break
		}
		below += c
	}
	out := make([]int, 0, want)
	ties := want - below // of those at distance cut, the first ones
	for i, d := range dist {
		switch {
		case int(d) < cut:
			out = append(out, i)
		case int(d) == cut && ties > 0:
			out = append(out, i)
			ties--
		}
	}
	return out
}

// hamming sets dist[i] for the vectors at [lo, hi) and counts them by
// distance in hist.
func (x *Index) hamming(sketch []uint64, lo, hi int, dist []uint16, hist []int) {
	w := x.words
	q := sketch[:w:w]
	dist = dist[lo:hi]
	signs := x.signs.b[lo*w*8 : hi*w*8]
	for i := range dist {
		s := signs[i*w*8 : (i+1)*w*8]
		d := 0
		for j, b := range q {
			d += bits.OnesCount64(binary.LittleEndian.Uint64(s[8*j:]) ^ b)
		}
		dist[i] = uint16(d)
		hist[d]++
	}
}
