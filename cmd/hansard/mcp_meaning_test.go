package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"hansard/fixtures/embedserver"
)

// meaningEnv is the environment of a server or command over the shared
// world's transcripts, its own archive, and a configuration naming srv.
func meaningEnv(t *testing.T, w mcpWorld, srv *embedserver.Server) []string {
	t.Helper()
	cfg := t.TempDir()
	path := filepath.Join(cfg, "hansard", "config.toml")
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	text := fmt.Sprintf("[embeddings]\nurl = %q\nmodel = %q\n", srv.URL(), srv.Model)
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	return []string{"HOME=" + w.home, "HANSARD_HOME=" + filepath.Join(t.TempDir(), "archive"), "XDG_CONFIG_HOME=" + cfg}
}

// TestMCPMeaningSearch runs meaning and hybrid search through the built
// binary: the server computes the vectors in the background (a search
// meanwhile says how far along they are), hits carry matched_by and
// similarity, the response names the mode that ran, hansard history
// answers the same, and with the endpoint down keyword search runs and
// mode_notice says why.
func TestMCPMeaningSearch(t *testing.T) {
	t.Parallel()
	w := sharedMCPWorld(t)
	srv := embedserver.New(t, "test-embed", 256)
	env := meaningEnv(t, w, srv)
	c := startMCP(t, w, env, nil)

	// "voucher" is in no conversation; the coupon one means it.
	query := map[string]any{"query": "voucher on the basket", "mode": "meaning"}
	var m map[string]any
	deadline := time.Now().Add(30 * time.Second)
	for {
		var isErr bool
		m, isErr = call(t, c, "search_past_sessions", query)
		if isErr {
			t.Fatalf("search: %v", m)
		}
		if m["mode"] == "meaning" {
			break
		}
		if notice, _ := m["mode_notice"].(string); !strings.Contains(notice, "still being built (") || m["requested_mode"] != "meaning" {
			t.Fatalf("while the vectors are computed: %v", m)
		}
		if time.Now().After(deadline) {
			t.Fatalf("meaning search never ran: %v", m)
		}
		time.Sleep(100 * time.Millisecond)
	}
	hits, _ := m["hits"].([]any)
	if len(hits) != 2 || m["mode_notice"] != nil {
		t.Fatalf("meaning search: %v", m)
	}
	first := hits[0].(map[string]any)
	sim, ok := first["similarity"].(float64)
	if first["session_id"] != "abcd2222-2222-4222-8222-222222222222" || first["matched_by"] != "meaning" || !ok || sim <= 0 || sim > 1 {
		t.Errorf("first hit %v", first)
	}
	if second := hits[1].(map[string]any); second["similarity"].(float64) > sim {
		t.Errorf("hits out of order: %v", hits)
	}

	// hansard history answers the same request alike.
	out, stderr, code := runHansard(t, w.bin, w.repo, env, "history", "--json", "--mode", "meaning", "voucher on the basket")
	if code != 0 {
		t.Fatalf("history: %d %s", code, stderr)
	}
	var cli map[string]any
	if err := json.Unmarshal([]byte(out), &cli); err != nil {
		t.Fatal(err)
	}
	if cli["mode"] != "meaning" || fmt.Sprint(strip(cli["hits"])) != fmt.Sprint(strip(m["hits"])) {
		t.Errorf("history answered\n%v\nsearch_past_sessions\n%v", cli["hits"], m["hits"])
	}
	out, _, _ = runHansard(t, w.bin, w.repo, env, "history", "--mode", "meaning", "voucher on the basket")
	if !strings.Contains(out, "(meaning, similarity 0.") {
		t.Errorf("history's readable answer lacks the similarity:\n%s", out)
	}

	// Hybrid: the coupon prompt holds "coupon" and means "voucher".
	h, _ := call(t, c, "search_past_sessions", map[string]any{"query": "coupon voucher", "mode": "hybrid"})
	hits, _ = h["hits"].([]any)
	if h["mode"] != "hybrid" || len(hits) == 0 {
		t.Fatalf("hybrid: %v", h)
	}
	if f := hits[0].(map[string]any); f["session_id"] != "abcd2222-2222-4222-8222-222222222222" || f["matched_by"] != "both" || f["similarity"] == nil {
		t.Errorf("hybrid first hit %v", f)
	}

	// A blank query lists the sessions: the mode that ran is a listing,
	// in both transports, with the mode asked for and why.
	l, _ := call(t, c, "search_past_sessions", map[string]any{"query": "", "mode": "meaning"})
	out, stderr, code = runHansard(t, w.bin, w.repo, env, "history", "--json", "--mode", "meaning")
	var cliList map[string]any
	if err := json.Unmarshal([]byte(out), &cliList); code != 0 || err != nil {
		t.Fatalf("history listing: %d %v %s", code, err, stderr)
	}
	for name, r := range map[string]map[string]any{"search_past_sessions": l, "history": cliList} {
		notice, _ := r["mode_notice"].(string)
		listedHits, _ := r["hits"].([]any)
		if r["mode"] != "list" || r["requested_mode"] != "meaning" || !strings.Contains(notice, "the query is blank") || len(listedHits) == 0 {
			t.Errorf("%s, blank query in meaning mode: %v", name, r)
		}
	}
	if fmt.Sprint(strip(l["hits"])) != fmt.Sprint(strip(cliList["hits"])) {
		t.Errorf("listings differ:\n%v\n%v", l["hits"], cliList["hits"])
	}
	out, _, _ = runHansard(t, w.bin, w.repo, env, "history", "--mode", "hybrid")
	if !strings.Contains(out, "note: hybrid search skipped: the query is blank") {
		t.Errorf("history's readable listing lacks the notice:\n%s", out)
	}

	// The endpoint down: keyword search, and why.
	srv.SetDown(true)
	d, _ := call(t, c, "search_past_sessions", map[string]any{"query": "coupon voucher", "mode": "hybrid"})
	notice, _ := d["mode_notice"].(string)
	hits, _ = d["hits"].([]any)
	if d["mode"] != "keyword" || d["requested_mode"] != "hybrid" || !strings.Contains(notice, "did not answer") || len(hits) != 1 {
		t.Errorf("endpoint down: %v", d)
	}
	if f := hits[0].(map[string]any); f["matched_by"] == "both" || f["similarity"] != nil {
		t.Errorf("a keyword hit claims meaning: %v", f)
	}
}

// strip keeps of hits what both transports must agree on.
func strip(v any) []string {
	var out []string
	hits, _ := v.([]any)
	for _, x := range hits {
		h := x.(map[string]any)
		out = append(out, fmt.Sprint(h["session_id"], h["message_index"], h["matched_by"], h["similarity"], h["excerpt"]))
	}
	return out
}

// TestIndexComputesVectors: hansard index embeds the new messages, says
// so, embeds nothing the second time, and with the endpoint down warns
// and still succeeds (the transcripts are indexed).
func TestIndexComputesVectors(t *testing.T) {
	t.Parallel()
	w := sharedMCPWorld(t)
	srv := embedserver.New(t, "test-embed", 64)
	env := meaningEnv(t, w, srv)
	srv.SetDown(true)
	out, stderr, code := runHansard(t, w.bin, w.repo, env, "index")
	if code != 0 || !strings.Contains(stderr, "vectors for meaning search:") || !strings.Contains(stderr, "503") {
		t.Errorf("endpoint down: exit %d\n%s\n%s", code, out, stderr)
	}
	srv.SetDown(false)
	out, stderr, code = runHansard(t, w.bin, w.repo, env, "index")
	if code != 0 || !strings.Contains(out, "vectors: embedded 4 messages (4 passages)") || !strings.Contains(out, "4 of 4 messages have vectors") {
		t.Errorf("index: exit %d\n%s\n%s", code, out, stderr)
	}
	sent := len(srv.Texts())
	out, _, _ = runHansard(t, w.bin, w.repo, env, "index")
	if strings.Contains(out, "vectors:") || len(srv.Texts()) != sent {
		t.Errorf("a second index embedded again:\n%s", out)
	}
}
