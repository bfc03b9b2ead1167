package embed

import (
	"context"
	"encoding/json"
	"math"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestChunk(t *testing.T) {
	t.Parallel()
	if got := Chunk("  \n ", 100, 20, 4); len(got) != 0 {
		t.Errorf("blank text: %v", got)
	}
	if got := Chunk("short text", 100, 20, 4); len(got) != 1 || got[0] != (Passage{0, "short text"}) {
		t.Errorf("short text: %v", got)
	}
	words := strings.Repeat("alpha beta gamma délta ", 60) // 1,380 bytes
	got := Chunk(words, 200, 50, 100)
	if len(got) < 7 {
		t.Fatalf("%d passages", len(got))
	}
	for i, p := range got {
		if len(p.Text) > 200 || !utf8.ValidString(p.Text) || words[p.Start:p.Start+len(p.Text)] != p.Text {
			t.Errorf("passage %d at %d: %q", i, p.Start, p.Text)
		}
		if strings.HasPrefix(p.Text, " ") || (p.Start > 0 && words[p.Start-1] != ' ') {
			t.Errorf("passage %d does not start on a word: %q", i, p.Text)
		}
		if i > 0 {
			prev := got[i-1]
			if p.Start >= prev.Start+len(prev.Text) || p.Start <= prev.Start {
				t.Errorf("passage %d (at %d) does not overlap the one before (%d..%d)", i, p.Start, prev.Start, prev.Start+len(prev.Text))
			}
		}
	}
	if last := got[len(got)-1]; last.Start+len(last.Text) != len(strings.TrimRight(words, " ")) {
		t.Errorf("the end is not covered: %q", last.Text)
	}
	if got := Chunk(words, 200, 50, 3); len(got) != 3 {
		t.Errorf("max passages: %d", len(got))
	}
	// A text without spaces is cut at character boundaries.
	long := strings.Repeat("é", 300)
	for _, p := range Chunk(long, 101, 10, 100) {
		if !utf8.ValidString(p.Text) || len(p.Text) > 101 {
			t.Errorf("cut inside a character: %q", p.Text)
		}
	}
}

func TestQuantize(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(1, 2))
	v := make([]float32, 384)
	for i := range v {
		v[i] = float32(r.NormFloat64() * 3)
	}
	q, s := Quantize(v)
	u := Normalize(v)
	var maxErr float64
	for i := range v {
		maxErr = math.Max(maxErr, math.Abs(float64(q[i])*float64(s)-float64(u[i])))
	}
	if maxErr > float64(s)/2+1e-6 || slices.Max(q) != 127 && slices.Min(q) != -127 {
		t.Errorf("quantization error %g (scale %g)", maxErr, s)
	}
	if q, s := Quantize(make([]float32, 4)); s != 0 || slices.Max(q) != 0 {
		t.Errorf("zero vector: %v %v", q, s)
	}
}

// TestIndexSearch checks the sketch scan against an exact scan of the
// same int8 vectors: the best matches are found, in order, with their
// cosines.
func TestIndexSearch(t *testing.T) {
	t.Parallel()
	x, queries := synthetic(50_000, 128, 200, 3)
	if x.Len() != 50_000 || x.Dims() != 128 {
		t.Fatal(x.Len(), x.Dims())
	}
	found, total := 0, 0
	for _, q := range queries {
		got := x.Search(q, 10)
		want := exact(x, q, 10)
		if len(got) != 10 {
			t.Fatalf("%d matches", len(got))
		}
		for i := 1; i < len(got); i++ {
			if got[i].Similarity > got[i-1].Similarity {
				t.Errorf("matches out of order: %v", got)
			}
		}
		ids := map[int64]bool{}
		for _, m := range got {
			ids[m.ID] = true
		}
		for _, m := range want {
			if ids[m.ID] {
				found++
			}
		}
		total += len(want)
		if math.Abs(float64(got[0].Similarity-want[0].Similarity)) > 1e-5 && ids[want[0].ID] {
			t.Errorf("similarity %g, exact %g", got[0].Similarity, want[0].Similarity)
		}
	}
	// Recall of the exact top 10 (measured 100% on this data).
	if recall := float64(found) / float64(total); recall < 0.99 {
		t.Errorf("recall %.3f of the exact top 10", recall)
	}
	if got := x.Search(queries[0], 100_000); len(got) > 4*rescoreAtLeast*25 {
		t.Errorf("%d matches", len(got))
	}
	if NewIndex(4).Search([]float32{1, 0, 0, 0}, 3) != nil {
		t.Error("an empty index found something")
	}
}

// exact scores every stored vector by its cosine with q and returns the
// k best, best first.
func exact(x *Index, q []float32, k int) []Match {
	u := Normalize(q)
	byDesc := func(a, b Match) int { return cmpDesc(a.Similarity, b.Similarity) }
	top := make([]Match, 0, k+1)
	for i := range x.Len() {
		var d float32
		for j, c := range x.vec(i) {
			d += u[j] * float32(int8(c))
		}
		m := Match{x.ids[i], d / x.norms[i]}
		if len(top) == k && byDesc(m, top[k-1]) >= 0 {
			continue
		}
		at, _ := slices.BinarySearchFunc(top, m, byDesc)
		top = slices.Insert(top, at, m)[:min(len(top)+1, k)]
	}
	return top
}

func TestEndpoint(t *testing.T) {
	t.Parallel()
	var got struct {
		Model string   `json:"model"`
		Input []string `json:"input"`
	}
	var auth string
	answer := `{"data":[{"index":1,"embedding":[0,1,0]},{"index":0,"embedding":[1,0,0]}]}`
	status := http.StatusOK
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/v1/embeddings" {
			http.NotFound(w, r)
			return
		}
		auth = r.Header.Get("Authorization")
		json.NewDecoder(r.Body).Decode(&got)
		w.WriteHeader(status)
		w.Write([]byte(answer))
	}))
	defer srv.Close()
	ctx := context.Background()
	for _, u := range []string{srv.URL + "/v1", srv.URL + "/v1/", srv.URL + "/v1/embeddings"} {
		e, err := NewEndpoint(EndpointOptions{URL: u, Model: "m", APIKey: "k"})
		if err != nil {
			t.Fatal(err)
		}
		if e.Dims() != 0 {
			t.Error("dims known before any answer")
		}
		v, err := e.Embed(ctx, []string{"a", "b"})
		if err != nil || len(v) != 2 || v[0][0] != 1 || v[1][1] != 1 || e.Dims() != 3 {
			t.Errorf("%s: %v %v dims %d", u, v, err, e.Dims())
		}
		if got.Model != "m" || !slices.Equal(got.Input, []string{"a", "b"}) || auth != "Bearer k" {
			t.Errorf("request %+v auth %q", got, auth)
		}
	}
	e, _ := NewEndpoint(EndpointOptions{URL: srv.URL + "/v1", Model: "m", Dims: 4})
	if _, err := e.Embed(ctx, []string{"a", "b"}); err == nil || !strings.Contains(err.Error(), "3 dimensions, not 4") {
		t.Errorf("wrong dimensions: %v", err)
	}
	for _, bad := range []struct{ answer, want string }{
		{`{"data":[{"index":0,"embedding":[1]}]}`, "1 vectors for 2 texts"},
		{`{"data":[{"index":0,"embedding":[1]},{"index":0,"embedding":[1]}]}`, "repeated index"},
		{`{"data":[{"index":0,"embedding":[1]},{"index":1,"embedding":[1,2]}]}`, "2 dimensions, not 1"},
		{`not json`, "unreadable answer"},
	} {
		answer = bad.answer
		e, _ := NewEndpoint(EndpointOptions{URL: srv.URL + "/v1", Model: "m"})
		if _, err := e.Embed(ctx, []string{"a", "b"}); err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("answer %s: %v, want %q", bad.answer, err, bad.want)
		}
	}
	status, answer = http.StatusNotFound, `{"error":{"message":"model \"m\" not found, try pulling it first"}}`
	if _, err := e.Embed(ctx, []string{"a"}); err == nil || !strings.Contains(err.Error(), "404") || !strings.Contains(err.Error(), "try pulling it") {
		t.Errorf("error answer: %v", err)
	}
	srv.Close()
	if _, err := e.Embed(ctx, []string{"a"}); err == nil || !strings.Contains(err.Error(), srv.URL) {
		t.Errorf("endpoint down: %v", err)
	}
	for _, o := range []EndpointOptions{{URL: "", Model: "m"}, {URL: "ftp://x/v1", Model: "m"}, {URL: "http://u:p@x/v1", Model: "m"},
		{URL: "http://x/v1", Model: " "}, {URL: "http://x/v1", Model: "m", Dims: -1}} {
		if _, err := NewEndpoint(o); err == nil {
			t.Errorf("options %+v accepted", o)
		}
	}
}

// A vector added as the archive's bytes is the one added as int8
// components, and the sign sketch sets exactly the positive components.
func TestIndexAddBytes(t *testing.T) {
	t.Parallel()
	const dims = 100 // two sketch words, the second one partial
	r := rand.New(rand.NewPCG(3, 1))
	a, b := NewIndex(dims), NewIndex(dims)
	for id := range int64(300) {
		q := make([]int8, dims)
		raw := make([]byte, dims)
		for i := range q {
			q[i] = int8(r.IntN(256) - 128)
			raw[i] = byte(q[i])
		}
		a.Add(id, q, 0.01)
		b.AddBytes(id, raw, 0.01)
		want := make([]uint64, 2)
		for i, c := range q {
			if c > 0 {
				want[i/64] |= 1 << (i % 64)
			}
		}
		if got := sketchOf(q, 2); !slices.Equal(got, want) {
			t.Fatalf("sketch %x, want %x", got, want)
		}
	}
	if !slices.Equal(a.vecs.b, b.vecs.b) || !slices.Equal(a.signs.b, b.signs.b) || !slices.Equal(a.norms, b.norms) || !slices.Equal(a.ids, b.ids) {
		t.Fatal("the index of bytes differs from the index of int8 components")
	}
	query := make([]float32, dims)
	for i := range query {
		query[i] = float32(r.NormFloat64())
	}
	if got, want := b.Search(query, 10), a.Search(query, 10); !slices.Equal(got, want) {
		t.Errorf("search %v, want %v", got, want)
	}
}
