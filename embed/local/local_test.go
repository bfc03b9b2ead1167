package local

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"
)

func TestWords(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ in, want string }{
		{"Make the login flow retry", "make login flow retry"},
		{"parseHTTPServer_config", "parse http server config parsehttpserverconfig"},
		{"user_id and 42 or x", "user id userid"},
		{"RetryAfterTimeout", "retry timeout retryaftertimeout"}, // "after" is a stop word,
		{"café naïve", "café naïve"},
		{"", ""},
	} {
		got := fmt.Sprint(Words(c.in, nil))
		if want := fmt.Sprint(splitFields(c.want)); got != want {
			t.Errorf("Words(%q) = %s, want %s", c.in, got, want)
		}
	}
}

func splitFields(s string) []string {
	out := []string{}
	start := -1
	for i, r := range s + " " {
		if r == ' ' {
			if start >= 0 {
				out = append(out, s[start:i])
			}
			start = -1
		} else if start < 0 {
			start = i
		}
	}
	return out
}

// corpus is a seeded text of sentences where the words of each group are
// interchangeable (they share their neighbours) and the groups are not.
func corpus(n int) []string {
	groups := [][]string{
		{"login", "signin", "logon"}, {"invoice", "billing", "charges"},
		{"crash", "segfault", "abort"}, {"thumbnail", "preview", "miniature"},
	}
	context := [][]string{
		{"password", "username", "credentials", "session"}, {"amount", "currency", "customer", "tax"},
		{"stacktrace", "coredump", "signal", "panic"}, {"image", "pixels", "resize", "jpeg"},
	}
	r := rand.New(rand.NewPCG(3, 4))
	var out []string
	for range n {
		g := r.IntN(len(groups))
		out = append(out, fmt.Sprintf("the %s needs the %s and the %s before %s", groups[g][r.IntN(3)], context[g][r.IntN(4)], context[g][r.IntN(4)], context[g][r.IntN(4)]))
	}
	return out
}

func textsOf(docs []string) Texts {
	return func(fn func(string) error) error {
		for _, d := range docs {
			if err := fn(d); err != nil {
				return err
			}
		}
		return nil
	}
}

var small = Options{Dims: 8, MinCount: 2}

var trained struct {
	once sync.Once
	m    *Model
	err  error
}

func model(t *testing.T) *Model {
	t.Helper()
	trained.once.Do(func() {
		o := small
		o.Archived = 3000
		trained.m, trained.err = Train(context.Background(), textsOf(corpus(3000)), o)
	})
	if trained.err != nil {
		t.Fatal(trained.err)
	}
	return trained.m
}

func cos(a, b []float32) float64 {
	var d, na, nb float64
	for i := range a {
		d += float64(a[i]) * float64(b[i])
		na += float64(a[i]) * float64(a[i])
		nb += float64(b[i]) * float64(b[i])
	}
	return d / math.Sqrt(na*nb)
}

// Words that share their neighbours come out closer than words that do
// not: a synonym nearer than any word of another group.
func TestTrainLearnsSynonyms(t *testing.T) {
	t.Parallel()
	m := model(t)
	v, err := m.Embed(context.Background(), []string{"login", "signin", "billing", "segfault", "preview"})
	if err != nil {
		t.Fatal(err)
	}
	same := cos(v[0], v[1])
	for _, other := range v[2:] {
		if d := cos(v[0], other); d >= same {
			t.Errorf("login·signin %.3f, not above login·other %.3f", same, d)
		}
	}
	for i, x := range v {
		var n float64
		for _, f := range x {
			n += float64(f) * float64(f)
		}
		if math.Abs(n-1) > 1e-4 || len(x) != m.Dims() {
			t.Errorf("vector %d: %d dims, squared norm %.5f", i, len(x), n)
		}
	}
}

func TestTrainDeterministic(t *testing.T) {
	t.Parallel()
	again, err := Train(context.Background(), textsOf(corpus(3000)), small)
	if err != nil {
		t.Fatal(err)
	}
	if m := model(t); again.Model() != m.Model() || !slices.Equal(again.vecs, m.vecs) {
		t.Errorf("two trainings on the same texts differ: %s, %s", again.Model(), m.Model())
	}
	other, err := Train(context.Background(), textsOf(corpus(2000)), small)
	if err != nil {
		t.Fatal(err)
	}
	if other.Model() == model(t).Model() {
		t.Errorf("models learned from other texts share the name %s", other.Model())
	}
}

func TestEmbedUnknownWords(t *testing.T) {
	t.Parallel()
	v, err := model(t).Embed(context.Background(), []string{"zzz qqq", ""})
	if err != nil {
		t.Fatal(err)
	}
	for i, x := range v {
		if len(x) != model(t).Dims() || slices.ContainsFunc(x, func(f float32) bool { return f != 0 }) {
			t.Errorf("text %d: want the zero vector, got %v", i, x)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := model(t).Embed(ctx, []string{"login"}); !errors.Is(err, context.Canceled) {
		t.Errorf("Embed with a cancelled context: %v", err)
	}
}

func TestTrainTooLittleText(t *testing.T) {
	t.Parallel()
	_, err := Train(context.Background(), textsOf([]string{"one two three", "one two"}), Options{})
	if !errors.Is(err, ErrTooLittleText) {
		t.Fatalf("want ErrTooLittleText, got %v", err)
	}
	boom := errors.New("read failed")
	_, err = Train(context.Background(), func(func(string) error) error { return boom }, Options{})
	if !errors.Is(err, boom) {
		t.Fatalf("want the source's error, got %v", err)
	}
}

func TestSaveLoad(t *testing.T) {
	t.Parallel()
	m := model(t)
	dir := t.TempDir()
	path := filepath.Join(dir, FileName)
	if err := m.Save(path); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want 0600", fi.Mode().Perm())
	}
	got, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	if got.Model() != m.Model() || got.Dims() != m.Dims() || got.Info() != m.Info() || !slices.Equal(got.words, m.words) {
		t.Errorf("loaded %s %d %v, saved %s %d %v", got.Model(), got.Dims(), got.Info(), m.Model(), m.Dims(), m.Info())
	}
	left, _ := filepath.Glob(filepath.Join(dir, ".meaning-model-*"))
	if len(left) != 0 {
		t.Errorf("temporary files left: %v", left)
	}
	if _, err := Load(filepath.Join(dir, "none")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a missing file: %v", err)
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink(path, link); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(link); !errors.Is(err, ErrLink) {
		t.Errorf("a link: want ErrLink, got %v", err)
	}
	data, _ := os.ReadFile(path)
	for name, bad := range map[string][]byte{
		"empty":     {},
		"truncated": data[:len(data)/2],
		"flipped":   append(append([]byte(nil), data[:100]...), append([]byte{data[100] ^ 1}, data[101:]...)...),
		"other":     []byte("SQLite format 3\x00 and more bytes"),
	} {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, bad, 0o600); err != nil {
			t.Fatal(err)
		}
		if _, err := Load(p); !errors.Is(err, ErrBadFile) {
			t.Errorf("%s file: want ErrBadFile, got %v", name, err)
		}
	}
}

func TestDue(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		trained, now int64
		want         bool
	}{
		{0, MinArchived - 1, false}, {0, MinArchived, true}, {MinArchived, 2*MinArchived - 1, false},
		{MinArchived, 2 * MinArchived, true}, {1 << 30, 1 << 30, false},
	} {
		if got := Due(c.trained, c.now); got != c.want {
			t.Errorf("Due(%d, %d) = %v", c.trained, c.now, got)
		}
	}
}

func TestSymEigen(t *testing.T) {
	t.Parallel()
	r := rand.New(rand.NewPCG(1, 1))
	const k = 12
	a := make([]float64, k*k)
	for i := range k {
		for j := i; j < k; j++ {
			a[i*k+j] = r.NormFloat64()
			a[j*k+i] = a[i*k+j]
		}
	}
	lambda, v := symEigen(a)
	for c := range k { // a·v_c = λ_c·v_c
		for i := range k {
			var s float64
			for j := range k {
				s += a[i*k+j] * v[j*k+c]
			}
			if math.Abs(s-lambda[c]*v[i*k+c]) > 1e-9 {
				t.Fatalf("column %d row %d: %g, want %g", c, i, s, lambda[c]*v[i*k+c])
			}
		}
	}
}

// BenchmarkEmbedQuery measures the cost of embedding one query.
func BenchmarkEmbedQuery(b *testing.B) {
	m, err := Train(context.Background(), textsOf(corpus(3000)), small)
	if err != nil {
		b.Fatal(err)
	}
	q := []string{"re-authenticate automatically after the signin lapses and the session times out"}
	for b.Loop() {
		if _, err := m.Embed(context.Background(), q); err != nil {
			b.Fatal(err)
		}
	}
}
