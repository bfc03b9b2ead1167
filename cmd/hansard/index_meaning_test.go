package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hansard/embed/local"
	"hansard/fixtures/gen"
)

// meaningHistory is what hansard history --json says of a meaning or
// hybrid search.
type meaningHistory struct {
	Mode          string `json:"mode"`
	RequestedMode string `json:"requested_mode"`
	ModeNotice    string `json:"mode_notice"`
	Hits          []struct {
		SessionID  string   `json:"session_id"`
		MatchedBy  string   `json:"matched_by"`
		Similarity *float64 `json:"similarity"`
	} `json:"hits"`
}

func historyJSON(t *testing.T, bin, home string, args ...string) meaningHistory {
	t.Helper()
	out, errOut, code := runHansard(t, bin, home, []string{"HOME=" + home}, append([]string{"history", "--json"}, args...)...)
	var h meaningHistory
	if code != 0 {
		t.Fatalf("history %v: exit %d:\n%s%s", args, code, out, errOut)
	}
	if err := json.Unmarshal([]byte(out), &h); err != nil {
		t.Fatalf("history %v: %v\n%s", args, err, out)
	}
	return h
}

// index learns the meaning model once the archive holds enough messages,
// keeps it in the archive's folder (0600), computes the vectors, and does
// not learn it again until the archive has grown; history --mode meaning
// and hybrid then run over it, with no endpoint configured.
func TestIndexLearnsMeaningModel(t *testing.T) {
	t.Parallel()
	bin := buildHansard(t)
	home := t.TempDir()
	if _, err := gen.Write(home, gen.Options{Sessions: 8, TargetBytes: 2 << 20, Seed: 5, Topics: true, SubagentRatio: -1}); err != nil {
		t.Fatal(err)
	}
	env := []string{"HOME=" + home}
	out, errOut, code := runHansard(t, bin, home, env, "index")
	path := filepath.Join(home, ".local", "share", "hansard", local.FileName)
	if code != 0 || !strings.Contains(out, "meaning model: learned ") || !strings.Contains(out, path) {
		t.Fatalf("index: exit %d, want the model learned into %s:\n%s%s", code, path, out, errOut)
	}
	fi, err := os.Stat(path)
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("model file: %v %v", fi, err)
	}
	if _, err := local.Load(path); err != nil {
		t.Fatal(err)
	}
	out, errOut, code = runHansard(t, bin, home, env, "index")
	if code != 0 || strings.Contains(out, "meaning model") {
		t.Errorf("second index: exit %d, want the model kept:\n%s%s", code, out, errOut)
	}
	checkMeaningStatus(t, bin, home, "ready", "ready: model hansard-local-", "meaning\tready\thansard-local-")
	for _, mode := range []string{"meaning", "hybrid"} {
		h := historyJSON(t, bin, home, "--mode", mode, "ask again when the credentials lapse")
		if h.Mode != mode || h.RequestedMode != "" || h.ModeNotice != "" || len(h.Hits) == 0 {
			t.Fatalf("%s: %+v", mode, h)
		}
		similar := 0
		for _, hit := range h.Hits {
			switch {
			case hit.MatchedBy == "meaning" || hit.MatchedBy == "both":
				if hit.Similarity == nil || *hit.Similarity <= 0 || *hit.Similarity > 1 {
					t.Errorf("%s: hit %+v without a similarity", mode, hit)
				}
				similar++
			case mode == "hybrid" && hit.MatchedBy != "":
				if hit.Similarity != nil {
					t.Errorf("%s: keyword hit %+v with a similarity", mode, hit)
				}
			default:
				t.Errorf("%s: hit %+v matched by %q", mode, hit, hit.MatchedBy)
			}
		}
		if similar == 0 {
			t.Errorf("%s: no hit found by meaning: %+v", mode, h)
		}
	}
}

// With few messages there is no model, and no complaint; meaning search
// runs keyword search and says why, and how to configure an endpoint.
func TestIndexWithoutMeaningModel(t *testing.T) {
	t.Parallel()
	bin := buildHansard(t)
	home := fixtureHome(t)
	out, errOut, code := runHansard(t, bin, home, []string{"HOME=" + home}, "index")
	if code != 0 || strings.Contains(out+errOut, "meaning model") {
		t.Fatalf("index: exit %d:\n%s%s", code, out, errOut)
	}
	if _, err := os.Stat(filepath.Join(home, ".local", "share", "hansard", local.FileName)); !os.IsNotExist(err) {
		t.Errorf("a model from too little text: %v", err)
	}
	checkMeaningStatus(t, bin, home, "off", "off: no embeddings endpoint is configured", "meaning\toff\t-\t-\t-\t0\t0\t0\t")
	for _, mode := range []string{"meaning", "hybrid"} {
		h := historyJSON(t, bin, home, "--mode", mode, "login token")
		if h.Mode != "keyword" || h.RequestedMode != mode {
			t.Errorf("%s: ran %q (asked %q)", mode, h.Mode, h.RequestedMode)
		}
		for _, want := range []string{"too little text for a model of its own", "url and model", "OpenAI-compatible /v1/embeddings", "[embeddings]", fmt.Sprint(local.MinArchived, " messages"), "keyword search ran instead"} {
			if !strings.Contains(h.ModeNotice, want) {
				t.Errorf("%s: mode_notice %q does not say %q", mode, h.ModeNotice, want)
			}
		}
	}
}

// checkMeaningStatus checks what hansard status says of meaning search in
// its three outputs: the state in --json (with the counts of vectors and
// messages), the readable line, and the porcelain record's start.
func checkMeaningStatus(t *testing.T, bin, home, state, line, record string) {
	t.Helper()
	env := []string{"HOME=" + home}
	out, errOut, code := runHansard(t, bin, home, env, "status", "--json")
	var st struct {
		Providers []struct {
			Messages int `json:"messages"`
		} `json:"providers"`
		Meaning struct {
			State    string `json:"state"`
			Model    string `json:"model"`
			Embedder string `json:"embedder"`
			Problem  string `json:"problem"`
			Vectors  int    `json:"vectors"`
			Embedded int    `json:"messages_embedded"`
			Queued   int    `json:"messages_queued"`
			Total    int    `json:"messages_total"`
		} `json:"meaning"`
	}
	if err := json.Unmarshal([]byte(out), &st); code != 0 || err != nil {
		t.Fatalf("status --json: exit %d, %v:\n%s%s", code, err, out, errOut)
	}
	m := st.Meaning
	if m.State != state || m.Total == 0 || m.Embedded+m.Queued != m.Total {
		t.Errorf("status --json: meaning %+v, want %s", m, state)
	}
	if state == "ready" && (m.Queued != 0 || m.Vectors == 0 || !strings.Contains(m.Embedder, local.FileName)) {
		t.Errorf("status --json: ready with %+v", m)
	}
	if state == "off" && (m.Vectors != 0 || !strings.Contains(m.Problem, "too little text")) {
		t.Errorf("status --json: off with %+v", m)
	}
	out, errOut, code = runHansard(t, bin, home, env, "status")
	if code != 0 || !strings.Contains(out, "embeddings    "+line) {
		t.Errorf("status: exit %d, want %q:\n%s%s", code, line, out, errOut)
	}
	out, errOut, code = runHansard(t, bin, home, env, "status", "--porcelain")
	if code != 0 || !strings.Contains(out, "\n"+record) {
		t.Errorf("status --porcelain: exit %d, want %q:\n%s%s", code, record, out, errOut)
	}
}
