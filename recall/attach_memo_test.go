package recall

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"hansard/provenance/gitrepo/gittest"
	"hansard/transcripts"
	"hansard/transcripts/claude"
)

// A Host searching from a repository no session is attached to answers
// again from the attachment it kept, the same answer as a new Host's; a
// new unattached session and an auto-attach are seen at once.
func TestSearchKeptAttachment(t *testing.T) {
	t.Parallel()
	r := gittest.New(t)
	r.Write("main.go", "package main\n")
	head := r.Commit("Add main")
	w := &world{t: t, home: t.TempDir(), repoA: r.Dir}
	base := time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)
	const recorded = "/recorded/alice/proj"
	s1 := w.session(1, recorded, base)
	s1.user("write the tokenizer")
	s1.flush()
	dir := t.TempDir()
	env := map[string]string{"HOME": dir, "CLAUDE_CONFIG_DIR": w.home, "HANSARD_HOME": filepath.Join(dir, "archive")}
	newHost := func() *Host {
		now := base.Add(time.Hour)
		return NewHost(HostOptions{Getenv: func(k string) string { return env[k] }, Location: time.UTC,
			Now: func() time.Time { return now }, Providers: []transcripts.Provider{claude.New()}})
	}
	h := newHost()
	t.Cleanup(func() { h.Close() })
	ctx := context.Background()
	search := func(h *Host) SearchResponse {
		t.Helper()
		resp, err := h.Search(ctx, SearchRequest{Query: "tokenizer"}, Scope{Dir: r.Dir})
		if err != nil {
			t.Fatal(err)
		}
		return resp
	}
	// ask is a search's answer as JSON, but for the time the index was
	// last written (a refresh between two answers may move it a second).
	ask := func(h *Host) string {
		t.Helper()
		resp := search(h)
		resp.IndexBuiltAt = ""
		b, err := json.Marshal(resp)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	fresh := func() string {
		t.Helper()
		h := newHost()
		defer h.Close()
		return ask(h)
	}
	held := func() bool {
		t.Helper()
		a, err := h.Archive(ctx)
		if err != nil {
			t.Fatal(err)
		}
		mark, err := a.ChangeMark(ctx)
		if err != nil {
			t.Fatal(err)
		}
		_, ok := h.attaches.get(a, r.Dir, mark)
		return ok
	}
	// settle asks until the Host keeps the attachment: an answer that wrote
	// (the stamp of an auto-attach that found nothing, the refresh
	// snapshot) is not kept, a later one is.
	settle := func(what string) string {
		t.Helper()
		var got string
		for range 3 {
			if got = ask(h); held() {
				return got
			}
		}
		t.Fatalf("%s, the attachment is not kept after three searches", what)
		return ""
	}
	first := ask(h)
	if !strings.Contains(first, "and 1 session is attached to none") {
		t.Fatalf("no hint of the unattached session: %s", first)
	}
	if got := settle("at first"); got != first {
		t.Fatalf("the kept attachment answers\n%s\nnot\n%s", got, first)
	}
	if got := ask(h); got != first {
		t.Fatalf("the kept attachment answers\n%s\nnot\n%s", got, first)
	}
	if want := fresh(); first != want {
		t.Fatalf("the Host answers\n%s\na new Host\n%s", first, want)
	}

	s2 := w.session(2, recorded, base.Add(10*time.Minute))
	s2.user("test the tokenizer")
	s2.flush()
	got := ask(h)
	if !strings.Contains(got, "and 2 sessions are attached to none") {
		t.Fatalf("after a new unattached session, the Host answers %s", got)
	}
	if want := fresh(); got != want {
		t.Fatalf("after a new unattached session, the Host answers\n%s\na new Host\n%s", got, want)
	}

	settle("before the auto-attach")
	s3 := w.session(3, recorded, base.Add(20*time.Minute))
	s3.user("commit the tokenizer")
	s3.bash(`git commit -m "Add main"`, "[main "+head[:7]+"] Add main\n 1 file changed, 1 insertion(+)", false)
	s3.flush()
	resp := search(h)
	if len(resp.Attachment.Attached) == 0 || resp.Attachment.Hint != "" || resp.Searched != r.Dir {
		t.Fatalf("after a session that committed here, the Host attaches %+v and searches %q", resp.Attachment, resp.Searched)
	}
	if got := ask(h); strings.Contains(got, "attached to none") {
		t.Fatalf("after the auto-attach, the Host still hints: %s", got)
	}
}
