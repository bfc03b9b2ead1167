package archive

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Fixture sessions that go on in other files.
const (
	linkOrigin    = "77777777-7777-4777-8777-777777777777"
	linkContinued = "88888888-8888-4888-8888-888888888888"
	linkCompacted = "99999999-9999-4999-8999-999999999999"
	linkCopied    = "aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa"

	forkID         = "0190aaaa-0000-7000-8000-0000000000f1"
	forkOriginID   = "0190aaaa-0000-7000-8000-0000000000f0"
	resumedID      = "0190aaaa-0000-7000-8000-0000000000e1"
	resumeOriginID = "0190aaaa-0000-7000-8000-0000000000e0"
)

// placeFixture copies a fixture file to rel under home.
func placeFixture(t *testing.T, home, fixture, rel string) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "fixtures", fixture))
	if err != nil {
		t.Fatal(err)
	}
	dst := filepath.Join(home, rel)
	if err := os.MkdirAll(filepath.Dir(dst), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dst, b, 0o600); err != nil {
		t.Fatal(err)
	}
}

func placeClaude(t *testing.T, home string, ids ...string) {
	for _, id := range ids {
		placeFixture(t, home, "claude/projects/-work-links/"+id+".jsonl", ".claude/projects/-work-links/"+id+".jsonl")
	}
}

func placeCodex(t *testing.T, home string, files map[string]string) {
	for name, id := range files {
		placeFixture(t, home, "codex/"+name, ".codex/sessions/2026/04/30/rollout-2026-04-30T08-00-00-"+id+".jsonl")
	}
}

// linkArchive opens an archive that closes with the test, and a home to
// place fixtures in.
func linkArchive(t *testing.T) (*Archive, string) {
	t.Helper()
	a := openEmpty(t, Options{})
	return a, t.TempDir()
}

// refreshHome reads the transcripts under home into a.
func refreshHome(t *testing.T, a *Archive, home string) {
	t.Helper()
	if _, err := a.Refresh(context.Background(), realProviders(), homeEnv(home), RefreshOptions{}); err != nil {
		t.Fatal(err)
	}
}

// checkParent reports a session whose parent, relation and link evidence
// are not parent's three, and returns the session.
func checkParent(t *testing.T, a *Archive, id string, parent [3]string) SessionInfo {
	t.Helper()
	si, err := a.GetSession(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	if si.ParentID != parent[0] || si.Relation != parent[1] || si.LinkEvidence != parent[2] {
		t.Errorf("%s: parent %q %q %q, want %q", id, si.ParentID, si.Relation, si.LinkEvidence, parent)
	}
	return si
}

// linkState renders the links and parents of the archive's sessions.
func linkState(t *testing.T, a *Archive) string {
	t.Helper()
	var out []string
	for _, q := range []string{
		`SELECT session_id || ' -> ' || parent_id || ' ' || relation || ': ' || evidence FROM session_links ORDER BY 1`,
		`SELECT id || ' parent ' || parent_id || ' ' || relation FROM sessions WHERE parent_id != '' ORDER BY 1`,
		`SELECT 'open ' || session_id || ' ' || parent_uuid FROM link_uuids WHERE parent_id = '' ORDER BY 1`,
	} {
		rows, err := a.db.Query(q)
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var s string
			if err := rows.Scan(&s); err != nil {
				t.Fatal(err)
			}
			out = append(out, s)
		}
		rows.Close()
	}
	return strings.Join(out, "\n")
}

// TestClaudeLinksAcrossFiles reads a session and the files that go on from
// it (a continuation, a compaction into a new file, a resumption with
// copied history) in every order, and expects the same links and parents,
// with the copied history indexed once.
func TestClaudeLinksAcrossFiles(t *testing.T) {
	t.Parallel()
	all := []string{linkOrigin, linkContinued, linkCompacted, linkCopied}
	orders := map[string][][]string{
		"together":            {all},
		"origin first":        {{linkOrigin}, {linkContinued}, {linkCompacted, linkCopied}},
		"continuations first": {{linkCompacted}, {linkContinued, linkCopied}, {linkOrigin}},
	}
	want := ""
	for name, steps := range orders {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			a, home := linkArchive(t)
			for _, ids := range steps {
				placeClaude(t, home, ids...)
				refreshHome(t, a, home)
			}
			for id, parent := range map[string][3]string{
				linkContinued: {linkOrigin, "continued_from", "summary in " + linkContinued + ".jsonl names message l7000004"},
				linkCompacted: {linkContinued, "continued_from", "the first line of " + linkCompacted + ".jsonl follows message l8000004"},
				linkCopied:    {linkOrigin, "resumed_from", "copied history in " + linkCopied + ".jsonl"},
			} {
				si := checkParent(t, a, id, parent)
				if len(si.Links) != 1 || si.Links[0].ParentID != parent[0] || si.Links[0].Relation != parent[1] || si.Links[0].Evidence != parent[2] {
					t.Errorf("%s: links %+v, want one to %q", id, si.Links, parent)
				}
			}
			if si, err := a.GetSession(ctx, linkOrigin); err != nil || si.ParentID != "" || len(si.Links) != 0 {
				t.Errorf("origin: parent %q, links %+v (%v)", si.ParentID, si.Links, err)
			}
			// The copied lines are indexed once, in the origin.
			if n := count(t, a.db, `SELECT count(*) FROM sessions`); n != 4 {
				t.Errorf("%d sessions, want 4", n)
			}
			if n := count(t, a.db, `SELECT count(*) FROM messages_fts WHERE messages_fts MATCH 'quokka_cursor'`); n != 1 {
				t.Errorf("copied message indexed %d times", n)
			}
			if n := count(t, a.db, `SELECT count(*) FROM messages m JOIN sessions s ON s.pk = m.session WHERE s.id = ?`, linkCopied); n != 2 {
				t.Errorf("resumed session has %d messages, want its own 2", n)
			}
			got := linkState(t, a)
			if strings.Contains(got, "open ") {
				t.Errorf("links left open:\n%s", got)
			}
			if want == "" {
				want = got
			} else if got != want {
				t.Errorf("links differ with the read order:\n%s\nwant\n%s", got, want)
			}
		})
	}
}

// TestLinkSurvivesReread reads the continued session whole again (its
// head changed, so it is a new generation with a session of its own): its
// parent, resolved from a message uuid, comes back, and the earlier
// generation keeps its own.
func TestLinkSurvivesReread(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	a, home := linkArchive(t)
	placeClaude(t, home, linkOrigin, linkContinued)
	refreshHome(t, a, home)
	path := filepath.Join(home, ".claude/projects/-work-links", linkContinued+".jsonl")
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	b = []byte(strings.Replace(string(b), "Resumable uploader", "Resumable uploads", 1))
	if err := os.WriteFile(path, b, 0o600); err != nil {
		t.Fatal(err)
	}
	refreshHome(t, a, home)
	si, err := a.GetSession(ctx, linkContinued+"~2")
	if err != nil {
		t.Fatal(err)
	}
	if si.Title != "Resumable uploads" {
		t.Fatalf("not read again: title %q", si.Title)
	}
	parents := map[string]string{}
	for _, l := range si.Links {
		parents[l.ParentID] = l.Relation
	}
	if si.ParentID != linkOrigin || parents[linkOrigin] != "continued_from" || parents[linkContinued] != "continued_from" {
		t.Errorf("parent %q %q, links %v after reading the file again", si.ParentID, si.Relation, parents)
	}
	if si, err := a.GetSession(ctx, linkContinued); err != nil || si.ParentID != linkOrigin || si.Title != "Resumable uploader" {
		t.Errorf("earlier generation: %+v %v", si.Session, err)
	}
}

// TestCodexForkAndResumeLinks reads a fork and a resumed thread with the
// threads they came from, in both orders: each is linked with its relation
// and evidence, and the history copied into them is indexed once.
func TestCodexForkAndResumeLinks(t *testing.T) {
	t.Parallel()
	origins := map[string]string{"fork-origin.jsonl": forkOriginID, "resume-origin.jsonl": resumeOriginID}
	copies := map[string]string{"fork.jsonl": forkID, "resume.jsonl": resumedID}
	for name, steps := range map[string][]map[string]string{
		"origins first": {origins, copies},
		"copies first":  {copies, origins},
	} {
		t.Run(name, func(t *testing.T) {
			a, home := linkArchive(t)
			for _, files := range steps {
				placeCodex(t, home, files)
				refreshHome(t, a, home)
			}
			for id, parent := range map[string][3]string{
				forkID:    {forkOriginID, "forked_from", "session_meta forked_from_id"},
				resumedID: {resumeOriginID, "resumed_from", "session_meta of " + resumeOriginID + " later in the file: its history was copied here"},
			} {
				checkParent(t, a, id, parent)
				if n := count(t, a.db, `SELECT count(*) FROM session_links WHERE session_id = ? AND parent_id = ? AND relation = ? AND evidence = ?`,
					id, parent[0], parent[1], parent[2]); n != 1 {
					t.Errorf("%s: link to %s missing", id, parent[0])
				}
			}
			for text, owner := range map[string]string{"origin prompt": forkOriginID, "origin answer": forkOriginID, "earlier prompt": resumeOriginID} {
				var sessions []string
				rows, err := a.db.Query(`SELECT s.id FROM messages m JOIN sessions s ON s.pk = m.session WHERE m.text = ?`, text)
				if err != nil {
					t.Fatal(err)
				}
				for rows.Next() {
					var id string
					rows.Scan(&id)
					sessions = append(sessions, id)
				}
				rows.Close()
				if len(sessions) != 1 || sessions[0] != owner {
					t.Errorf("%q indexed in %v, want once in %s", text, sessions, owner)
				}
			}
			if n := count(t, a.db, `SELECT count(*) FROM edits WHERE file = '/src/webapp/origin.txt'`); n != 1 {
				t.Errorf("the origin's edit is stored %d times", n)
			}
			if n := count(t, a.db, `SELECT count(*) FROM messages m JOIN sessions s ON s.pk = m.session WHERE s.id = ? AND m.text = 'fork prompt'`, forkID); n != 1 {
				t.Errorf("the fork's own prompt is stored %d times", n)
			}
		})
	}
}

// TestMessageOwnerUsesIndex keeps the lookup of a message's session on the
// uuid index.
func TestMessageOwnerUsesIndex(t *testing.T) {
	t.Parallel()
	a := openEmpty(t, Options{})
	rows, err := a.db.Query(`EXPLAIN QUERY PLAN `+sqlMessageOwners, "x")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var plan []string
	for rows.Next() {
		var id, parent, notused int
		var detail string
		if err := rows.Scan(&id, &parent, &notused, &detail); err != nil {
			t.Fatal(err)
		}
		plan = append(plan, detail)
	}
	if !strings.Contains(strings.Join(plan, "; "), "messages_uuid") {
		t.Errorf("plan does not use messages_uuid: %v", plan)
	}
}
