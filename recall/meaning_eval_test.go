package recall

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"hansard/archive"
	"hansard/embed/local"
	"hansard/fixtures/gen"
	"hansard/provenance/accuracy"
)

// The evaluation of search by meaning: paraphrased queries with known
// answers (fixtures/meaning/queries.json) over two archives, each indexed
// by the real archive: a generated home of topic conversations
// (evalGenOptions), and one home holding the real transcripts, the
// samples and the development set's two homes (each query's corpus says
// which of them it was written for; it is searched among all of them).
// Each archive's local model is learned and its vectors computed as
// hansard index does (learnMeaningModel, Meaning.RefreshVectors), and each
// query runs through the recall service in each mode (keyword, meaning,
// hybrid), the path of hansard history --mode and of the MCP tool's mode:
// the sessions of the hits, in order, are its ranking. A query is
// recalled when one of its sessions is among the first ten; its
// reciprocal rank is 1/rank of the first of them within the first ten,
// else 0. The figures reached are held (evalFloors).
//
//	go test ./recall -run TestMeaningEvaluation -v
const (
	evalQueriesPath = "../fixtures/meaning/queries.json"
	evalTopK        = 10
	evalDepth       = 100 // the sessions of one page asked for (at most 100)
)

// evalGenOptions is the generated corpus the fixture's queries were
// written against: the sessions' ids and topics follow from them.
var evalGenOptions = gen.Options{Sessions: 48, TargetBytes: 4 << 20, Seed: 7, Topics: true, SubagentRatio: -1}

type evalQuery struct {
	Corpus      string   `json:"corpus"`
	Query       string   `json:"query"`
	Sessions    []string `json:"sessions"`
	Paraphrases string   `json:"paraphrases"`
}

func loadEvalQueries(t testing.TB) []evalQuery {
	t.Helper()
	b, err := os.ReadFile(evalQueriesPath)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Queries []evalQuery `json:"queries"`
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatalf("%s: %v", evalQueriesPath, err)
	}
	return doc.Queries
}

// evalCorpus is one indexed corpus, with its vectors computed as
// hansard index computes them: the local model learned from the archive,
// then every queued message embedded by the refresh of the vectors.
type evalCorpus struct {
	*evalBuilt
	arch  *archive.Archive
	svc   *Service // keyword, meaning and hybrid search, as the CLI and MCP run them
	model *local.Model
}

// evalBuilt is a corpus as built once for the package (in scratch): its
// archive's folder, indexed, its local model learned and its vectors
// computed, with what each step reported.
type evalBuilt struct {
	dir      string            // the archive's folder
	homes    map[string]string // each real corpus's own home (the real archive only)
	learned  MeaningModelResult
	vectors  VectorRefresh
	embedded time.Duration
	sessions map[string]bool
}

// evalRealCorpora are the corpora of real transcripts, indexed together.
var evalRealCorpora = []string{"samples", "auth-go", "external-agents"}

// evalArchive names the archive a corpus's queries search.
func evalArchive(corpus string) string {
	if slices.Contains(evalRealCorpora, corpus) {
		return "real"
	}
	return corpus
}

// builtEvalCorpora builds each corpus once for the package: the tests
// only read them (the real one is the keyword completeness test's too),
// each through an archive handle of its own (openEvalCorpus).
var builtEvalCorpora = map[string]func() (*evalBuilt, error){
	"generated": sync.OnceValues(func() (*evalBuilt, error) { return buildEvalCorpus("generated") }),
	"real":      sync.OnceValues(func() (*evalBuilt, error) { return buildEvalCorpus("real") }),
}

// evalGenerated is the generated home of evalGenOptions, written once for
// the package, and what the generator reported of it.
var evalGenerated = sync.OnceValues(func() (evalGen, error) {
	home := filepath.Join(scratch, "generated-home")
	st, err := gen.Write(home, evalGenOptions)
	return evalGen{home, st}, err
})

type evalGen struct {
	home  string
	stats gen.Stats
}

// buildEvalCorpus indexes the generated home ("generated") or the real
// transcripts ("real": each corpus laid out as a home of its own, then
// all of them in one) into an archive of its own, learns its local model
// and computes its vectors, as hansard index does.
func buildEvalCorpus(name string) (*evalBuilt, error) {
	root := filepath.Join(scratch, "eval-"+name)
	home := filepath.Join(root, "home")
	if err := os.MkdirAll(home, 0o700); err != nil {
		return nil, err
	}
	b := &evalBuilt{dir: filepath.Join(root, "archive")}
	switch name {
	case "generated":
		g, err := evalGenerated()
		if err != nil {
			return nil, err
		}
		home = g.home
	case "real":
		b.homes = map[string]string{}
		for _, set := range evalRealCorpora {
			own := filepath.Join(root, set)
			var err error
			if set == "samples" {
				err = sampleHome(own)
			} else {
				err = accuracy.Untar(filepath.Join(sharedDir, "devset", set, "home.tar.gz"), own)
			}
			if err == nil {
				err = linkTree(own, home)
			}
			if err != nil {
				return nil, err
			}
			b.homes[set] = own
		}
	default:
		return nil, fmt.Errorf("no corpus %q", name)
	}
	ctx := context.Background()
	a, err := accuracy.IndexHome(ctx, home, nil, root)
	if err != nil {
		return nil, err
	}
	defer a.Close()
	if b.learned, err = learnMeaningModel(ctx, a, local.Options{}); err != nil {
		return nil, err
	}
	m, ok, err := LoadMeaningModel(a)
	if err != nil || !ok {
		return nil, fmt.Errorf("no local model learned (%v): %+v", err, b.learned)
	}
	start := time.Now()
	if b.vectors, err = NewMeaning(m, 0).RefreshVectors(ctx, a, true, 0); err != nil {
		return nil, err
	}
	b.embedded = time.Since(start)
	sessions, err := a.ListSessions(ctx, archive.SearchFilter{}, meaningListLimit, 0)
	if err != nil {
		return nil, err
	}
	b.sessions = map[string]bool{}
	for _, s := range sessions {
		b.sessions[s.ID] = true
	}
	return b, a.Close()
}

// linkTree links every file under src into dst at the same place, in
// place of a file already there (as unpacking src over dst would).
func linkTree(src, dst string) error {
	return filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		to := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(to, 0o700)
		}
		if err := os.Remove(to); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
		return os.Link(p, to)
	})
}

// openEvalCorpus returns a corpus built once for the package, opened for
// the test: its archive, its model and a recall service over both.
func openEvalCorpus(t *testing.T, name string) *evalCorpus {
	t.Helper()
	build, ok := builtEvalCorpora[name]
	if !ok {
		t.Fatalf("no corpus %q", name)
	}
	b, err := build()
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	a, err := archive.Open(context.Background(), archive.Options{Dir: b.dir})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	t.Cleanup(func() { a.Close() })
	m, ok, err := LoadMeaningModel(a)
	if err != nil || !ok {
		t.Fatalf("%s: no local model (%v)", name, err)
	}
	return &evalCorpus{evalBuilt: b, arch: a, model: m, svc: &Service{Archive: a, Location: time.UTC, Meaning: NewMeaning(m, 0)}}
}

// rank returns the sessions the recall service finds in a mode, best
// first: the path of hansard history --mode and of the MCP tool.
func (c *evalCorpus) rank(t *testing.T, mode, query string) []string {
	t.Helper()
	resp, err := c.svc.Search(context.Background(), SearchRequest{Query: query, Mode: mode, Limit: evalDepth})
	if err != nil {
		t.Fatalf("%s search %q: %v", mode, query, err)
	}
	if resp.Mode != mode {
		t.Fatalf("%s search %q ran %s: %s", mode, query, resp.Mode, resp.ModeNotice)
	}
	ids := make([]string, 0, len(resp.Hits))
	for _, h := range resp.Hits {
		if !slices.Contains(ids, h.SessionID) {
			ids = append(ids, h.SessionID)
		}
	}
	return ids
}

// evalScore is top-10 recall and mean reciprocal rank over some queries.
type evalScore struct {
	n        int
	recalled int
	rr       float64
}

func (s *evalScore) add(ranked, want []string) {
	s.n++
	for i, id := range ranked[:min(len(ranked), evalTopK)] {
		if slices.Contains(want, id) {
			s.recalled++
			s.rr += 1 / float64(i+1)
			return
		}
	}
}

func (s evalScore) recall() float64 { return ratio(s.recalled, s.n) }
func (s evalScore) mrr() float64 {
	if s.n == 0 {
		return 0
	}
	return s.rr / float64(s.n)
}

var evalModes = []string{ModeKeyword, ModeMeaning, ModeHybrid}

// evalFloors are the figures the evaluation reached, held: corpus → mode
// → {top-10 recall, MRR}.
// evalSlack holds the figures to the three decimals they are written with.
const evalSlack = 5e-4

var evalFloors = map[string]map[string][2]float64{
	"generated":       {ModeKeyword: {0, 0}, ModeMeaning: {0.562, 0.096}, ModeHybrid: {0.531, 0.084}},
	"samples":         {ModeKeyword: {0.111, 0.037}, ModeMeaning: {0.667, 0.280}, ModeHybrid: {0.556, 0.198}},
	"auth-go":         {ModeKeyword: {0.222, 0.078}, ModeMeaning: {0.778, 0.335}, ModeHybrid: {0.667, 0.172}},
	"external-agents": {ModeKeyword: {0.231, 0.105}, ModeMeaning: {0.577, 0.245}, ModeHybrid: {0.500, 0.216}},
	"all":             {ModeKeyword: {0.118, 0.049}, ModeMeaning: {0.605, 0.197}, ModeHybrid: {0.539, 0.153}},
}

func TestMeaningEvaluation(t *testing.T) {
	if testing.Short() {
		t.Skip("indexes the development set")
	}
	t.Parallel()
	if _, err := os.Stat(filepath.Join(sharedDir, "devset")); err != nil {
		t.Skipf("no development set at %s", sharedDir)
	}
	queries := loadEvalQueries(t)
	var names []string // the query corpora, in the fixture's order
	for _, q := range queries {
		if !slices.Contains(names, q.Corpus) {
			names = append(names, q.Corpus)
		}
	}
	scores := map[string]map[string]*evalScore{} // corpus → mode
	for _, name := range append([]string{"all"}, names...) {
		scores[name] = map[string]*evalScore{}
		for _, m := range evalModes {
			scores[name][m] = &evalScore{}
		}
	}
	for _, arch := range []string{"generated", "real"} {
		c := openEvalCorpus(t, arch)
		t.Logf("%s: %d sessions, %d messages, a model of %d words learned in %v; %d messages (%d passages) embedded in %v; %v per query embedded",
			arch, len(c.sessions), c.learned.Messages, c.model.Words(), c.learned.Took.Round(time.Millisecond),
			c.vectors.Messages, c.vectors.Passages, c.embedded.Round(time.Millisecond), queryCost(t, c.model, queries))
		for _, q := range queries {
			if evalArchive(q.Corpus) != arch {
				continue
			}
			for _, id := range q.Sessions {
				if !c.sessions[id] {
					t.Errorf("%s %q: no session %s in the archive", q.Corpus, q.Query, id)
				}
			}
			ranks := map[string][]string{}
			for _, m := range evalModes {
				ranks[m] = c.rank(t, m, q.Query)
				scores[q.Corpus][m].add(ranks[m], q.Sessions)
				scores["all"][m].add(ranks[m], q.Sessions)
			}
			if testing.Verbose() {
				t.Logf("%s %q: keyword %d, meaning %d, hybrid %d", q.Corpus, q.Query,
					firstRank(ranks[ModeKeyword], q.Sessions), firstRank(ranks[ModeMeaning], q.Sessions), firstRank(ranks[ModeHybrid], q.Sessions))
			}
		}
	}
	lines := []string{fmt.Sprintf("%-16s %7s   %-12s %-12s %-12s", "corpus", "queries", "keyword", "meaning", "hybrid")}
	for _, name := range append(names, "all") {
		lines = append(lines, scoreLine(name, scores[name]))
		for _, m := range evalModes {
			floor, ok := evalFloors[name][m]
			if !ok {
				t.Errorf("%s %s: no figure held", name, m)
				continue
			}
			if s := scores[name][m]; s.recall() < floor[0]-evalSlack || s.mrr() < floor[1]-evalSlack {
				t.Errorf("%s %s: top-10 recall %.3f, MRR %.3f; held %.3f, %.3f", name, m, s.recall(), s.mrr(), floor[0], floor[1])
			}
		}
	}
	// The README's decision: the local model is the default meaning mode
	// because it ranks paraphrases better than keyword search.
	if a := scores["all"]; a[ModeMeaning].recall() <= a[ModeKeyword].recall() || a[ModeMeaning].mrr() <= a[ModeKeyword].mrr() {
		t.Errorf("meaning search by the local model no longer beats keyword search on paraphrases")
	}
	t.Logf("search by meaning, paraphrased queries (top-10 recall / MRR):\n%s", strings.Join(lines, "\n"))
}

// queryCost is the mean time the model takes to embed one of the queries.
func queryCost(t *testing.T, m *local.Model, queries []evalQuery) time.Duration {
	t.Helper()
	start := time.Now()
	for _, q := range queries {
		if _, err := m.Embed(context.Background(), []string{q.Query}); err != nil {
			t.Fatal(err)
		}
	}
	return time.Since(start) / time.Duration(max(1, len(queries)))
}

func scoreLine(name string, scores map[string]*evalScore) string {
	line := fmt.Sprintf("%-16s %7d  ", name, scores[ModeKeyword].n)
	for _, m := range evalModes {
		line += fmt.Sprintf(" %.3f/%.3f ", scores[m].recall(), scores[m].mrr())
	}
	return line
}

// firstRank is the 1-based rank of the first wanted session, 0 if none.
func firstRank(ranked, want []string) int {
	for i, id := range ranked {
		if slices.Contains(want, id) {
			return i + 1
		}
	}
	return 0
}

// The fixture's queries are paraphrases: a generated query names none of
// its session's topic words, and each of its topic words occurs in some
// other session (a model learned from the archive can know it); a real
// query shares no word (stop words aside) with the text it paraphrases.
func TestMeaningQueriesAreParaphrases(t *testing.T) {
	t.Parallel()
	g, err := evalGenerated()
	if err != nil {
		t.Fatal(err)
	}
	topics := map[string]gen.SessionTopic{}
	holders := map[string]int{} // topic word → sessions that may hold it
	for _, tp := range g.stats.Topics {
		topics[tp.SessionID] = tp
		for _, w := range tp.Words {
			holders[w]++
		}
	}
	queries := loadEvalQueries(t)
	if len(queries) < 60 {
		t.Errorf("%d queries, want at least 60", len(queries))
	}
	for _, q := range queries {
		words := local.Words(q.Query, nil)
		if len(q.Sessions) == 0 || len(words) == 0 {
			t.Errorf("%q: no words or no session", q.Query)
			continue
		}
		switch evalArchive(q.Corpus) {
		case "generated":
			tp, ok := topics[q.Sessions[0]]
			if !ok || len(q.Sessions) != 1 {
				t.Errorf("%q: want one generated session, got %v", q.Query, q.Sessions)
				continue
			}
			topical := 0
			for _, w := range words {
				if slices.Contains(tp.Words, w) {
					t.Errorf("%q names %q, a word of its session", q.Query, w)
				}
				if holders[w] > 0 {
					topical++
				}
			}
			if topical < 2 {
				t.Errorf("%q: %d topic words, want 2 or more", q.Query, topical)
			}
		case "real":
			for _, w := range words {
				if slices.Contains(local.Words(q.Paraphrases, nil), w) {
					t.Errorf("%q shares %q with %q", q.Query, w, q.Paraphrases)
				}
			}
		default:
			t.Errorf("%q: unknown corpus %q", q.Query, q.Corpus)
		}
	}
}

// BenchmarkMeaningTrain measures learning the local model from an archive
// as hansard index does (MEANING_BENCH_ARCHIVE, a copy: its model file is
// replaced), then embedding its messages.
//
//	MEANING_BENCH_ARCHIVE=/tmp/copy go test ./recall -run '^$' -bench MeaningTrain -benchtime 1x
func BenchmarkMeaningTrain(b *testing.B) {
	dir := os.Getenv("MEANING_BENCH_ARCHIVE")
	if dir == "" {
		b.Skip("MEANING_BENCH_ARCHIVE names no archive")
	}
	ctx := context.Background()
	a, err := archive.Open(ctx, archive.Options{Dir: dir})
	if err != nil {
		b.Fatal(err)
	}
	defer a.Close()
	for b.Loop() {
		if err := os.Remove(MeaningModelPath(a)); err != nil && !os.IsNotExist(err) {
			b.Fatal(err)
		}
		res, err := learnMeaningModel(ctx, a, local.Options{})
		if err != nil || !res.Learned {
			b.Fatalf("%+v %v", res, err)
		}
		m, _, err := LoadMeaningModel(a)
		if err != nil {
			b.Fatal(err)
		}
		start := time.Now()
		n := 0
		var batch []string
		flush := func() {
			if _, err := m.Embed(ctx, batch); err != nil {
				b.Fatal(err)
			}
			n, batch = n+len(batch), batch[:0]
		}
		sessions, err := a.ListSessions(ctx, archive.SearchFilter{IncludeSubagents: true}, meaningListLimit, 0)
		if err != nil {
			b.Fatal(err)
		}
		err = meaningTexts(ctx, a, sessions, func(_, text string) error {
			if batch = append(batch, text); len(batch) == 512 {
				flush()
			}
			return nil
		})
		if err != nil {
			b.Fatal(err)
		}
		flush()
		b.Logf("%d messages archived; %d texts, %d words, a model of %d words learned in %v; %d messages read and embedded in %v",
			res.Messages, res.Info.Texts, res.Info.Tokens, res.Words, res.Took.Round(time.Millisecond), n, time.Since(start).Round(time.Millisecond))
	}
}
