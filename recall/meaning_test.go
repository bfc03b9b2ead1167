package recall

import (
	"context"
	"errors"
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
	"hansard/fixtures/embedserver"
	"hansard/transcripts"
	"hansard/transcripts/claude"
)

// plantedToken is a GitHub token the redactor replaces.
const plantedToken = "ghp_aB3dE5fG7hI9jK1lM3nO5pQ7rS9tU1vWx2Yz"

// meaningWorld is four conversations in two repositories served by a Host
// whose configuration names an embeddings endpoint.
type meaningWorld struct {
	*world
	srv                          *embedserver.Server
	host                         *Host
	env                          map[string]string
	refund, verbose, slow, other *convo
}

func newMeaningWorld(t *testing.T, model string, dims int) *meaningWorld {
	t.Helper()
	w := &meaningWorld{world: newWorld(t), srv: embedserver.New(t, model, dims)}
	home := t.TempDir()
	w.home = filepath.Join(home, ".claude")
	at := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	w.refund = w.session(1, w.repoA, at)
	w.refund.user("customers ask to be reimbursed when their card is declined twice")
	w.refund.assistant("I added a chargeback flow to the payments service; it repays the customer once.")
	w.refund.bash("grep -rn refund .", "payments/refund.go: func Refund()", false)
	w.verbose = w.session(2, w.repoA, at.Add(time.Hour))
	w.verbose.user("please add a flag named verbose to the index command")
	w.verbose.assistant("Done: --verbose prints every file the index reads.")
	w.slow = w.session(3, w.repoA, at.Add(2*time.Hour))
	w.slow.user("the checkout page is sluggish when the cart is large, token " + plantedToken)
	w.slow.assistant("The latency comes from loading every cart item; I batched the query.")
	w.other = w.session(4, w.repoB, at.Add(3*time.Hour))
	w.other.user("a refund of the invoice for the other repository")
	for _, c := range w.convos {
		c.flush()
	}
	cfg := t.TempDir()
	w.env = map[string]string{"HOME": home, "HANSARD_HOME": filepath.Join(t.TempDir(), "archive"), "XDG_CONFIG_HOME": cfg}
	w.configure(t, model, "")
	w.host = w.newHost(t)
	return w
}

// configure writes the configuration file naming the endpoint with model
// and the extra lines.
func (w *meaningWorld) configure(t *testing.T, model, extra string) {
	t.Helper()
	writeFile(t, filepath.Join(w.env["XDG_CONFIG_HOME"], "hansard", "config.toml"),
		fmt.Sprintf("[embeddings]\nurl = %q\nmodel = %q\n%s", w.srv.URL(), model, extra))
}

func (w *meaningWorld) newHost(t *testing.T) *Host {
	t.Helper()
	h := NewHost(HostOptions{Getenv: func(k string) string { return w.env[k] }, Providers: []transcripts.Provider{claude.New()},
		Location: time.UTC, Warn: func(s string) { t.Log("warn:", s) }})
	t.Cleanup(func() { h.Close() })
	return h
}

func (w *meaningWorld) refreshVectors(t *testing.T) VectorRefresh {
	t.Helper()
	if err := w.host.Refresh(context.Background(), false); err != nil {
		t.Fatal(err)
	}
	res, err := w.host.RefreshVectors(context.Background(), true, 0)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

func (w *meaningWorld) search(t *testing.T, req SearchRequest) SearchResponse {
	t.Helper()
	resp, err := w.host.Search(context.Background(), req, Scope{All: true})
	if err != nil {
		t.Fatalf("Search(%+v): %v", req, err)
	}
	return resp
}

func TestMeaningSearchFindsWithoutTheWords(t *testing.T) {
	t.Parallel()
	w := newMeaningWorld(t, "test-embed", 256)
	res := w.refreshVectors(t)
	// Eight messages are embedded (users' and assistants', one of them a
	// tool call without text), not the tool output.
	if res.Messages != 8 || res.Done != res.Total || res.Total != 8 {
		t.Errorf("refresh %+v, want 8 messages embedded of 8 (tool output left out)", res)
	}
	for _, text := range w.srv.Texts() {
		if strings.Contains(text, "payments/refund.go") {
			t.Errorf("tool output was embedded: %q", text)
		}
	}
	// "refund" is not in the first conversation; its words mean the same.
	kw := w.search(t, SearchRequest{Query: "refund customers", Repo: w.repoA, Roles: []string{"user", "assistant"}})
	resp := w.search(t, SearchRequest{Query: "refund customers", Repo: w.repoA, Mode: ModeMeaning})
	if resp.Mode != ModeMeaning || resp.ModeNotice != "" || resp.RequestedMode != "" {
		t.Fatalf("mode %q notice %q requested %q", resp.Mode, resp.ModeNotice, resp.RequestedMode)
	}
	if len(resp.Hits) == 0 || resp.Hits[0].SessionID != w.refund.id {
		t.Fatalf("meaning hits %v, want %s first", sessionsOf(resp), w.refund.id)
	}
	if slices.Contains(sessionsOf(kw), w.refund.id) && kw.Hits[0].MatchedBy == MatchedByKeyword {
		t.Fatalf("keyword search found the words in %s: the world is wrong", w.refund.id)
	}
	h := resp.Hits[0]
	if h.MatchedBy != MatchedByMeaning || h.Similarity == nil || *h.Similarity <= 0.2 || *h.Similarity > 1 || math.Abs(h.Score-*h.Similarity) > 1e-4 {
		t.Errorf("hit %+v: want matched_by meaning with its similarity as score", h)
	}
	if !strings.Contains(h.Excerpt, "reimbursed") && !strings.Contains(h.Excerpt, "chargeback") {
		t.Errorf("excerpt %q is not the passage found", h.Excerpt)
	}
	for _, x := range resp.Hits {
		if x.Repo != w.repoA {
			t.Errorf("hit %s of %s outside the repository filter", x.SessionID, x.Repo)
		}
	}
	// Similarities fall from hit to hit.
	for i := 1; i < len(resp.Hits); i++ {
		if *resp.Hits[i].Similarity > *resp.Hits[i-1].Similarity {
			t.Errorf("hit %d is more similar than hit %d", i, i-1)
		}
	}
	// The role filter holds: only the assistant's message of that conversation.
	resp = w.search(t, SearchRequest{Query: "refund customers", Repo: w.repoA, Mode: ModeMeaning, Roles: []string{"assistant"}, HitsPerSession: 5})
	for _, x := range resp.Hits {
		for _, m := range append([]MoreHit{{Role: x.Role}}, x.MoreHits...) {
			if m.Role != transcripts.RoleAssistant {
				t.Errorf("role filter: a %s hit", m.Role)
			}
		}
	}
}

func TestMeaningSkippedSaysWhy(t *testing.T) {
	t.Parallel()
	w := newMeaningWorld(t, "test-embed", 256)
	// Nothing computed yet: the index is being built.
	resp := w.search(t, SearchRequest{Query: "verbose flag", Mode: ModeMeaning})
	if resp.Mode != ModeKeyword || resp.RequestedMode != ModeMeaning || !strings.Contains(resp.ModeNotice, "still being built (0 of 8 messages, 0.0%)") {
		t.Errorf("before any vector: mode %q requested %q notice %q", resp.Mode, resp.RequestedMode, resp.ModeNotice)
	}
	if len(resp.Hits) == 0 || resp.Hits[0].SessionID != w.verbose.id || resp.Hits[0].MatchedBy != MatchedByKeyword {
		t.Errorf("the keyword search that ran instead: %v", sessionsOf(resp))
	}
	// Part of it: how far along.
	if _, err := w.host.RefreshVectors(context.Background(), true, 3); err != nil {
		t.Fatal(err)
	}
	resp = w.search(t, SearchRequest{Query: "verbose flag", Mode: ModeHybrid})
	if resp.Mode != ModeKeyword || !strings.Contains(resp.ModeNotice, "hybrid search skipped: the meaning index is still being built (3 of 8 messages, 37.5%)") {
		t.Errorf("partly built: mode %q notice %q", resp.Mode, resp.ModeNotice)
	}
	// Built, then the endpoint goes down: keyword results and a notice.
	w.refreshVectors(t)
	w.srv.SetDown(true)
	resp = w.search(t, SearchRequest{Query: "verbose flag", Mode: ModeHybrid})
	if resp.Mode != ModeKeyword || resp.RequestedMode != ModeHybrid || !strings.Contains(resp.ModeNotice, "did not answer") ||
		!strings.Contains(resp.ModeNotice, w.srv.URL()) || !strings.Contains(resp.ModeNotice, "503") {
		t.Errorf("endpoint down: mode %q notice %q", resp.Mode, resp.ModeNotice)
	}
	if len(resp.Hits) == 0 || resp.Hits[0].SessionID != w.verbose.id {
		t.Errorf("endpoint down: keyword hits %v", sessionsOf(resp))
	}
	w.srv.SetDown(false)
	if resp = w.search(t, SearchRequest{Query: "verbose flag", Mode: ModeHybrid}); resp.Mode != ModeHybrid || resp.ModeNotice != "" {
		t.Errorf("endpoint back: mode %q notice %q", resp.Mode, resp.ModeNotice)
	}
	// Not configured at all.
	plain := newWorld(t)
	plain.session(1, plain.repoA, time.Now()).user("verbose flag")
	svc := plain.index()
	resp, err := svc.Search(context.Background(), SearchRequest{Query: "verbose", Mode: ModeMeaning})
	if err != nil || resp.Mode != ModeKeyword || !strings.Contains(resp.ModeNotice, "no embeddings endpoint is configured") || len(resp.Hits) != 1 {
		t.Errorf("not configured: %v, mode %q notice %q hits %d", err, resp.Mode, resp.ModeNotice, len(resp.Hits))
	}
}

func TestHybridFusesBothSearches(t *testing.T) {
	t.Parallel()
	w := newMeaningWorld(t, "test-embed", 256)
	w.refreshVectors(t)
	resp := w.search(t, SearchRequest{Query: "verbose reimbursed", Repo: w.repoA, Mode: ModeHybrid, HitsPerSession: 3})
	if resp.Mode != ModeHybrid || resp.ModeNotice != "" {
		t.Fatalf("mode %q notice %q", resp.Mode, resp.ModeNotice)
	}
	by := map[string]Hit{}
	for _, h := range resp.Hits {
		by[h.SessionID] = h
	}
	// "reimbursed" is in the first conversation's prompt: both found it.
	if h := by[w.refund.id]; h.MatchedBy != MatchedByBoth || h.Similarity == nil {
		t.Errorf("refund hit %+v: want matched_by both with a similarity", h)
	}
	// The chargeback reply holds no word of the query: meaning alone.
	found := false
	for _, m := range by[w.refund.id].MoreHits {
		if m.Role == transcripts.RoleAssistant {
			found = m.MatchedBy == MatchedByMeaning && m.Similarity != nil
		}
	}
	if !found {
		t.Errorf("refund more hits %+v: want the assistant's reply matched by meaning", by[w.refund.id].MoreHits)
	}
	if h := by[w.verbose.id]; h.MatchedBy != MatchedByBoth && h.MatchedBy != MatchedByKeyword {
		t.Errorf("verbose hit %+v", h)
	}
	for i := 1; i < len(resp.Hits); i++ {
		if resp.Hits[i].Score > resp.Hits[i-1].Score {
			t.Errorf("hits out of fused order: %v", resp.Hits)
		}
	}
}

func TestFuseOrder(t *testing.T) {
	t.Parallel()
	c := func(id int64) candidate {
		return candidate{TextHit: archiveHit(id), tier: &tier{label: MatchedByKeyword}}
	}
	m := func(id int64, sim float64) candidate {
		x := c(id)
		x.tier = meaningTier
		x.meaning = &meaningMatch{similarity: sim, hasSimilarity: true, label: MatchedByMeaning, score: sim}
		return x
	}
	// keyword A B C, meaning B D: B 1/62+1/61, A 1/61, D 1/62, C 1/63.
	out := fuse([]candidate{c(1), c(2), c(3)}, []candidate{m(2, 0.9), m(4, 0.8)})
	var got []string
	for _, x := range out {
		got = append(got, fmt.Sprintf("%d:%s", x.RowID, x.matchedBy()))
	}
	want := []string{"2:both", "1:keyword", "4:meaning", "3:keyword"}
	if !slices.Equal(got, want) {
		t.Errorf("fused %v, want %v", got, want)
	}
	if s := out[0].passageSimilarity(); s == nil || *s != 0.9 {
		t.Errorf("a hit found by both keeps its similarity: %v", s)
	}
	if out[1].passageSimilarity() != nil {
		t.Error("a keyword hit has a similarity")
	}
}

func TestVectorsRebuiltWhenTheModelChanges(t *testing.T) {
	t.Parallel()
	w := newMeaningWorld(t, "model-a", 256)
	w.refreshVectors(t)
	a, _ := w.host.Archive(context.Background())
	vm, _, _ := a.VectorModel(context.Background())
	if vm.Model != "model-a" || vm.Dims != 256 || !vm.Built {
		t.Fatalf("model %+v", vm)
	}
	sent := len(w.srv.Texts())
	// The same model again computes nothing.
	if res := w.refreshVectors(t); res.Messages != 0 || res.Rebuilt || len(w.srv.Texts()) != sent {
		t.Errorf("second refresh %+v sent %d more", res, len(w.srv.Texts())-sent)
	}
	// Another name.
	w.srv.Model = "model-b"
	w.configure(t, "model-b", "")
	w.host = w.newHost(t)
	if resp := w.search(t, SearchRequest{Query: "verbose", Mode: ModeMeaning}); !strings.Contains(resp.ModeNotice, "rebuilt for model model-b") {
		t.Errorf("before the rebuild: notice %q", resp.ModeNotice)
	}
	res := w.refreshVectors(t)
	vm2, _, _ := a.VectorModel(context.Background())
	if !res.Rebuilt || res.Messages != 8 || vm2.Model != "model-b" || vm2.Generation != vm.Generation+1 {
		t.Errorf("after a new model: %+v, %+v", res, vm2)
	}
	// Other dimensions under the same name, learnt from the endpoint by a
	// query (which says they are rebuilt), then rebuilt.
	w.srv.Dims = 32
	w.host = w.newHost(t)
	if resp := w.search(t, SearchRequest{Query: "reimburse", Mode: ModeMeaning}); !strings.Contains(resp.ModeNotice, "32 dimensions and the archive's 256") {
		t.Errorf("new dimensions: notice %q", resp.ModeNotice)
	}
	res = w.refreshVectors(t)
	vm3, _, _ := a.VectorModel(context.Background())
	if !res.Rebuilt || res.Messages != 8 || vm3.Dims != 32 {
		t.Errorf("after new dimensions: %+v, %+v", res, vm3)
	}
	if resp := w.search(t, SearchRequest{Query: "reimburse", Mode: ModeMeaning}); resp.Mode != ModeMeaning || len(resp.Hits) == 0 {
		t.Errorf("after the rebuilds: mode %q notice %q", resp.Mode, resp.ModeNotice)
	}
}

func TestVectorsResumeAfterAnInterruption(t *testing.T) {
	t.Parallel()
	w := newMeaningWorld(t, "test-embed", 256)
	if err := w.host.Refresh(context.Background(), false); err != nil {
		t.Fatal(err)
	}
	m, _ := w.host.meaning(context.Background())
	m.round = 1 // one message per stored batch
	// The fourth request fails (the first learns the dimensions): the
	// messages of the two before are stored (and any without text).
	w.srv.FailFrom(4)
	res, err := w.host.RefreshVectors(context.Background(), true, 0)
	if err == nil || res.Messages < 2 || res.Passages != 2 {
		t.Fatalf("interrupted refresh: %+v, %v", res, err)
	}
	stored := res.Messages
	a, _ := w.host.Archive(context.Background())
	if d, total, _ := a.VectorProgress(context.Background()); d != stored || total != 8 {
		t.Errorf("progress after the failure: %d of %d, want %d", d, total, stored)
	}
	// A cancelled context (a process told to stop) also keeps what is stored.
	w.srv.FailFrom(0)
	ctx, cancel := context.WithCancel(context.Background())
	m.emb = &cancelAfter{Embedder: m.emb, n: 2, cancel: cancel}
	res, err = w.host.RefreshVectors(ctx, true, 0)
	if !errors.Is(err, context.Canceled) || res.Messages < 2 || res.Passages != 2 {
		t.Fatalf("cancelled refresh: %+v, %v", res, err)
	}
	stored += res.Messages
	if d, _, _ := a.VectorProgress(context.Background()); d != stored {
		t.Errorf("progress after the cancel: %d, want %d", d, stored)
	}
	done := w.srv.Texts()
	// Resume: nothing done is sent again.
	m.emb = m.emb.(*cancelAfter).Embedder
	res, err = w.host.RefreshVectors(context.Background(), true, 0)
	if err != nil || res.Messages != 8-stored || res.Done != 8 {
		t.Fatalf("resumed refresh: %+v, %v", res, err)
	}
	for _, text := range w.srv.Texts()[len(done):] {
		if slices.Contains(done, text) {
			t.Errorf("resumed refresh sent %q again", text)
		}
	}
	if len(w.srv.Texts()) != len(done)+res.Passages || res.Passages != 7-4 {
		t.Errorf("resumed refresh sent %d texts (%d passages), want the 3 left", len(w.srv.Texts())-len(done), res.Passages)
	}
}

// cancelAfter cancels its context once it has embedded n batches.
type cancelAfter struct {
	embed.Embedder
	n      int
	cancel context.CancelFunc
}

func (c *cancelAfter) Embed(ctx context.Context, texts []string) ([][]float32, error) {
	if c.n == 0 {
		c.cancel()
		return nil, ctx.Err()
	}
	c.n--
	return c.Embedder.Embed(ctx, texts)
}

func TestVectorsSendOnlyRedactedText(t *testing.T) {
	t.Parallel()
	w := newMeaningWorld(t, "test-embed", 256)
	w.refreshVectors(t)
	resp := w.search(t, SearchRequest{Query: "sluggish checkout " + plantedToken, Mode: ModeMeaning})
	if resp.Mode != ModeMeaning || len(resp.Hits) == 0 || resp.Hits[0].SessionID != w.slow.id {
		t.Fatalf("search: mode %q hits %v", resp.Mode, sessionsOf(resp))
	}
	texts := w.srv.Texts()
	redacted := false
	for _, text := range texts {
		if strings.Contains(text, plantedToken) || strings.Contains(text, plantedToken[4:20]) {
			t.Errorf("the endpoint was sent a secret: %q", text)
		}
		redacted = redacted || strings.Contains(text, "[redacted:")
	}
	if !redacted {
		t.Errorf("no text sent carries a redaction (control): %q", texts)
	}
	// What was sent is what the archive holds.
	a, _ := w.host.Archive(context.Background())
	read, err := (&Service{Archive: a}).Read(context.Background(), ReadRequest{SessionID: w.slow.id})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(texts, read.Messages[0].Text) {
		t.Errorf("the archived text %q was not what was sent", read.Messages[0].Text)
	}
}

func TestMeaningConfigErrors(t *testing.T) {
	t.Parallel()
	w := newMeaningWorld(t, "test-embed", 256)
	w.configure(t, "test-embed", "api_key_env = \"HANSARD_TEST_KEY\"\n")
	w.host = w.newHost(t)
	resp := w.search(t, SearchRequest{Query: "verbose", Mode: ModeMeaning})
	if resp.Mode != ModeKeyword || !strings.Contains(resp.ModeNotice, "HANSARD_TEST_KEY named by api_key_env is empty") {
		t.Errorf("missing key: notice %q", resp.ModeNotice)
	}
	if _, err := w.host.RefreshVectors(context.Background(), true, 0); err == nil {
		t.Error("a refresh without the key succeeded")
	}
	// With the key set, it is sent as a bearer token.
	w.srv.APIKey = "s3cret-key"
	w.env["HANSARD_TEST_KEY"] = "s3cret-key"
	w.host = w.newHost(t)
	if res := w.refreshVectors(t); res.Messages != 8 {
		t.Errorf("with the key: %+v", res)
	}
	// The key never reaches the archive.
	a, _ := w.host.Archive(context.Background())
	data, err := os.ReadFile(a.Path())
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(data), "s3cret-key") {
		t.Error("the API key is in the archive")
	}
}

func archiveHit(id int64) archive.TextHit {
	return archive.TextHit{RowID: id, SessionID: fmt.Sprint("s", id), Role: transcripts.RoleUser}
}

// TestMeaningUsesTheLocalModel: without an endpoint, meaning search runs
// over the local model once one is learned into the archive's folder,
// its vectors computed by a refresh.
func TestMeaningUsesTheLocalModel(t *testing.T) {
	t.Parallel()
	w := newMeaningWorld(t, "test-embed", 64)
	writeFile(t, filepath.Join(w.env["XDG_CONFIG_HOME"], "hansard", "config.toml"), "")
	w.host = w.newHost(t)
	if err := w.host.Refresh(context.Background(), false); err != nil {
		t.Fatal(err)
	}
	if resp := w.search(t, SearchRequest{Query: "verbose", Mode: ModeMeaning}); resp.Mode != ModeKeyword || !strings.Contains(resp.ModeNotice, "too little text for a model of its own") {
		t.Errorf("before a model: mode %q notice %q", resp.Mode, resp.ModeNotice)
	}
	texts := []string{}
	for range 20 {
		texts = append(texts, "please add a flag named verbose to the index command", "customers ask to be reimbursed when their card is declined",
			"the checkout page is sluggish when the cart is large", "the latency comes from loading every cart item", "a refund of the invoice")
	}
	m, err := local.Train(context.Background(), func(fn func(string) error) error {
		for _, s := range texts {
			if err := fn(s); err != nil {
				return err
			}
		}
		return nil
	}, local.Options{Dims: 8, MinCount: 1, Power: 1})
	if err != nil {
		t.Fatal(err)
	}
	a, _ := w.host.Archive(context.Background())
	if err := m.Save(MeaningModelPath(a)); err != nil {
		t.Fatal(err)
	}
	res, err := w.host.RefreshVectors(context.Background(), true, 0)
	if err != nil || res.Messages != 8 || !res.Rebuilt {
		t.Fatalf("refresh with the local model: %+v %v", res, err)
	}
	if vm, _, _ := a.VectorModel(context.Background()); vm.Model != m.Model() {
		t.Errorf("vectors of %q, want the local model %q", vm.Model, m.Model())
	}
	if len(w.srv.Texts()) != 0 {
		t.Errorf("the endpoint was sent %d texts without being configured", len(w.srv.Texts()))
	}
	resp := w.search(t, SearchRequest{Query: "verbose flag", Mode: ModeMeaning})
	if resp.Mode != ModeMeaning || len(resp.Hits) == 0 || resp.Hits[0].SessionID != w.verbose.id {
		t.Errorf("local meaning search: mode %q notice %q hits %v", resp.Mode, resp.ModeNotice, sessionsOf(resp))
	}
}

// A blank query lists the sessions whatever the mode: the response names
// the listing as the mode that ran, and the mode asked for when one was.
func TestBlankQueryReportsTheListing(t *testing.T) {
	t.Parallel()
	w := newMeaningWorld(t, "test-embed", 64)
	for _, c := range []struct {
		mode, requested string
		notice          bool
	}{{"", "", false}, {ModeKeyword, ModeKeyword, false}, {ModeMeaning, ModeMeaning, true}, {ModeHybrid, ModeHybrid, true}} {
		resp := w.search(t, SearchRequest{Mode: c.mode})
		if resp.Mode != ModeList || resp.RequestedMode != c.requested || len(resp.Hits) == 0 {
			t.Errorf("mode %q: ran %q, requested %q, %d hits", c.mode, resp.Mode, resp.RequestedMode, len(resp.Hits))
		}
		if got := strings.Contains(resp.ModeNotice, c.mode+" search skipped: the query is blank"); got != c.notice || (!c.notice && resp.ModeNotice != "") {
			t.Errorf("mode %q: notice %q", c.mode, resp.ModeNotice)
		}
	}
}
