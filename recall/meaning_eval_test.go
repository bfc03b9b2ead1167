package recall

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"hansard/archive"
	"hansard/embed"
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
// Each query runs as keyword search (the recall service), as meaning
// search (the sessions ranked by the best cosine between the query's
// vector and their messages' vectors, by an embed.Embedder) and as hybrid
// search (reciprocal rank fusion of the two rankings, k = 60). A query is
// recalled when one of its sessions is among the first ten; its
// reciprocal rank is 1/rank of the first of them within the first ten,
// else 0. The Embedder is the model learned from each corpus's own
// messages (embed/local). The figures reached are held (evalFloors).
//
//	go test ./recall -run TestMeaningEvaluation -v
const (
	evalQueriesPath = "../fixtures/meaning/queries.json"
	evalTopK        = 10
	evalDepth       = 100 // how far each ranking goes into the fusion
	evalRRFK        = 60
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

// evalCorpus is one indexed corpus.
type evalCorpus struct {
	name   string
	arch   *archive.Archive
	svc    *Service
	docs   []evalDoc
	topics []gen.SessionTopic // the generated corpus only
}

// evalDoc is one message that meaning search ranks.
type evalDoc struct {
	session string
	text    string
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

// buildEvalCorpus indexes the generated home ("generated") or the real
// transcripts ("real") into an archive of its own.
func buildEvalCorpus(t *testing.T, name string) *evalCorpus {
	t.Helper()
	home := t.TempDir()
	c := &evalCorpus{name: name}
	switch name {
	case "generated":
		st, err := gen.Write(home, evalGenOptions)
		if err != nil {
			t.Fatal(err)
		}
		c.topics = st.Topics
	case "real":
		if err := sampleHome(t, home); err != nil {
			t.Fatal(err)
		}
		for _, set := range evalRealCorpora[1:] {
			if err := accuracy.Untar(filepath.Join(sharedDir, "devset", set, "home.tar.gz"), home); err != nil {
				t.Fatal(err)
			}
		}
	default:
		t.Fatalf("no corpus %q", name)
	}
	ctx := context.Background()
	a, err := accuracy.IndexHome(ctx, home, nil, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { a.Close() })
	c.arch, c.svc = a, &Service{Archive: a, Location: time.UTC}
	if c.docs, err = evalDocs(ctx, a); err != nil {
		t.Fatal(err)
	}
	return c
}

// evalDocs reads what people and assistants said in every main session:
// the messages a local model learns from.
func evalDocs(ctx context.Context, a *archive.Archive) ([]evalDoc, error) {
	sessions, err := a.ListSessions(ctx, archive.SearchFilter{}, meaningListLimit, 0)
	if err != nil {
		return nil, err
	}
	var docs []evalDoc
	err = meaningTexts(ctx, a, sessions, func(session, text string) error {
		docs = append(docs, evalDoc{session: session, text: text})
		return nil
	})
	return docs, err
}

// trainLocal learns the offline model from the corpus's own messages.
func (c *evalCorpus) trainLocal(t *testing.T) *local.Model {
	t.Helper()
	m, err := local.Train(context.Background(), func(fn func(string) error) error {
		for _, d := range c.docs {
			if err := fn(d.text); err != nil {
				return err
			}
		}
		return nil
	}, local.Options{})
	if err != nil {
		t.Fatalf("%s: train: %v", c.name, err)
	}
	return m
}

// meaningIndex is every message's vector, for a brute-force scan.
type meaningIndex struct {
	e    embed.Embedder
	docs []evalDoc
	vecs [][]float32
}

func newMeaningIndex(t *testing.T, e embed.Embedder, docs []evalDoc) *meaningIndex {
	t.Helper()
	texts := make([]string, len(docs))
	for i, d := range docs {
		texts[i] = d.text
	}
	vecs, err := e.Embed(context.Background(), texts)
	if err != nil {
		t.Fatal(err)
	}
	return &meaningIndex{e: e, docs: docs, vecs: vecs}
}

// rank returns the sessions by their best message's cosine with the query.
func (ix *meaningIndex) rank(t *testing.T, query string) []string {
	t.Helper()
	qv, err := ix.e.Embed(context.Background(), []string{query})
	if err != nil {
		t.Fatal(err)
	}
	best := map[string]float64{}
	for i, v := range ix.vecs {
		s := cosine(qv[0], v)
		if b, ok := best[ix.docs[i].session]; !ok || s > b {
			best[ix.docs[i].session] = s
		}
	}
	ids := make([]string, 0, len(best))
	for id, s := range best {
		if s > 0 {
			ids = append(ids, id)
		}
	}
	slices.SortFunc(ids, func(a, b string) int {
		if d := best[b] - best[a]; d != 0 {
			return int(math.Copysign(1, d))
		}
		return strings.Compare(a, b)
	})
	return ids[:min(len(ids), evalDepth)]
}

func cosine(a, b []float32) float64 {
	var dot, na, nb float64
	for i := range a {
		dot += float64(a[i]) * float64(b[i])
		na += float64(a[i]) * float64(a[i])
		nb += float64(b[i]) * float64(b[i])
	}
	if na == 0 || nb == 0 {
		return 0
	}
	return dot / math.Sqrt(na*nb)
}

// keywordRank returns the sessions keyword search finds, best first.
func keywordRank(t *testing.T, svc *Service, query string) []string {
	t.Helper()
	resp, err := svc.Search(context.Background(), SearchRequest{Query: query, Limit: evalDepth})
	if err != nil {
		t.Fatalf("search %q: %v", query, err)
	}
	ids := make([]string, len(resp.Hits))
	for i, h := range resp.Hits {
		ids[i] = h.SessionID
	}
	return ids
}

// fuseSessions merges rankings by reciprocal rank fusion.
func fuseSessions(rankings ...[]string) []string {
	score := map[string]float64{}
	for _, r := range rankings {
		for i, id := range r {
			score[id] += 1 / float64(evalRRFK+i+1)
		}
	}
	ids := make([]string, 0, len(score))
	for id := range score {
		ids = append(ids, id)
	}
	slices.SortFunc(ids, func(a, b string) int {
		if d := score[b] - score[a]; d != 0 {
			return int(math.Copysign(1, d))
		}
		return strings.Compare(a, b)
	})
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
	"generated":       {ModeKeyword: {0, 0}, ModeMeaning: {0.562, 0.096}, ModeHybrid: {0.531, 0.081}},
	"samples":         {ModeKeyword: {0.111, 0.037}, ModeMeaning: {0.667, 0.370}, ModeHybrid: {0.333, 0.102}},
	"auth-go":         {ModeKeyword: {0.222, 0.078}, ModeMeaning: {0.778, 0.269}, ModeHybrid: {0.556, 0.188}},
	"external-agents": {ModeKeyword: {0.231, 0.105}, ModeMeaning: {0.538, 0.264}, ModeHybrid: {0.346, 0.187}},
	"all":             {ModeKeyword: {0.118, 0.049}, ModeMeaning: {0.592, 0.206}, ModeHybrid: {0.447, 0.132}},
}

func TestMeaningEvaluation(t *testing.T) {
	if testing.Short() {
		t.Skip("indexes the development set")
	}
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
		c := buildEvalCorpus(t, arch)
		start := time.Now()
		model := c.trainLocal(t)
		trained := time.Since(start)
		ix := newMeaningIndex(t, model, c.docs)
		sessions := map[string]bool{}
		for _, d := range c.docs {
			sessions[d.session] = true
		}
		t.Logf("%s: %d sessions, %d messages, a model of %d words learned in %v; %v per query embedded", arch, len(sessions), len(c.docs), model.Words(), trained.Round(time.Millisecond), queryCost(t, model, queries))
		for _, q := range queries {
			if evalArchive(q.Corpus) != arch {
				continue
			}
			for _, id := range q.Sessions {
				if !sessions[id] {
					t.Errorf("%s %q: no session %s in the archive", q.Corpus, q.Query, id)
				}
			}
			kw := keywordRank(t, c.svc, q.Query)
			mn := ix.rank(t, q.Query)
			hy := fuseSessions(kw, mn)
			for m, r := range map[string][]string{ModeKeyword: kw, ModeMeaning: mn, ModeHybrid: hy} {
				scores[q.Corpus][m].add(r, q.Sessions)
				scores["all"][m].add(r, q.Sessions)
			}
			if testing.Verbose() {
				t.Logf("%s %q: keyword %d, meaning %d, hybrid %d", q.Corpus, q.Query, firstRank(kw, q.Sessions), firstRank(mn, q.Sessions), firstRank(hy, q.Sessions))
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
	st, err := gen.Write(t.TempDir(), evalGenOptions)
	if err != nil {
		t.Fatal(err)
	}
	topics := map[string]gen.SessionTopic{}
	holders := map[string]int{} // topic word → sessions that may hold it
	for _, tp := range st.Topics {
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
