package archive

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"hansard/fixtures/gen"
)

// ftsConsistent checks that results_fts holds exactly the tool results no
// message carries, and that both indexes pass FTS5's own check.
func ftsConsistent(t *testing.T, db *sql.DB) {
	t.Helper()
	var docs, want int
	if err := db.QueryRow(`SELECT (SELECT count(*) FROM results_fts_docsize),
		(SELECT count(*) FROM tool_calls WHERE result_msg IS NULL)`).Scan(&docs, &want); err != nil {
		t.Fatal(err)
	}
	if docs != want {
		t.Errorf("results_fts holds %d rows, want the %d results no message carries", docs, want)
	}
	for _, q := range []string{
		`INSERT INTO results_fts (results_fts, rank) VALUES ('integrity-check', 1)`,
		`INSERT INTO messages_fts (messages_fts, rank) VALUES ('integrity-check', 1)`,
	} {
		if _, err := db.Exec(q); err != nil {
			t.Errorf("%s: %v", q, err)
		}
	}
}

// TestClaudeResultsIndexedOnce: a Claude tool result is the text of a tool
// message; it is found through that message alone, also after its file is
// read again whole, or read as it grows.
func TestClaudeResultsIndexedOnce(t *testing.T) {
	t.Parallel()
	home := t.TempDir()
	if _, err := gen.Write(home, gen.Options{Sessions: 4, TargetBytes: 1 << 20, Seed: 5}); err != nil {
		t.Fatal(err)
	}
	a := openEmpty(t, Options{})
	ctx := context.Background()
	refresh := func() {
		t.Helper()
		if _, err := a.Refresh(ctx, realProviders(), homeEnv(home), RefreshOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	refresh()

	var inMessage, missing, codex int
	if err := a.db.QueryRow(`SELECT
		(SELECT count(*) FROM tool_calls c JOIN sessions s ON s.pk = c.session
			WHERE s.provider = 'claude' AND c.result_msg IS NOT NULL),
		(SELECT count(*) FROM tool_calls c JOIN sessions s ON s.pk = c.session
			LEFT JOIN messages m ON m.session = c.session AND m.idx = c.result_msg
			WHERE c.result_msg IS NOT NULL AND (m.role IS NOT 'tool' OR instr(m.text, `+resultText+`) = 0)),
		(SELECT count(*) FROM tool_calls c JOIN sessions s ON s.pk = c.session
			WHERE s.provider = 'codex' AND c.has_result AND c.result_msg IS NULL)`).Scan(&inMessage, &missing, &codex); err != nil {
		t.Fatal(err)
	}
	if inMessage == 0 || codex == 0 || missing != 0 {
		t.Fatalf("%d Claude results carried by messages (%d not found there), %d Codex results indexed", inMessage, missing, codex)
	}
	ftsConsistent(t, a.db)
	storedOnce(t, a)

	// A word of a Claude result: found as the tool message, not as a result.
	var word string
	if err := a.db.QueryRow(`SELECT ` + resultText + ` AS r FROM tool_calls c JOIN sessions s ON s.pk = c.session
		WHERE s.provider = 'claude' AND c.result_msg IS NOT NULL AND length(r) > 20 LIMIT 1`).Scan(&word); err != nil {
		t.Fatal(err)
	}
	word = `"` + regexp.MustCompile(`[A-Za-z_]{4,}`).FindString(word) + `"`
	msgs, err := a.SearchMessages(ctx, word, SearchFilter{IncludeSubagents: true, Roles: []string{"tool"}})
	if err != nil || len(msgs) == 0 {
		t.Fatalf("messages matching %s: %v %v", word, msgs, err)
	}
	res, err := a.SearchResults(ctx, word, SearchFilter{IncludeSubagents: true, Provider: "claude"})
	if err != nil || len(res) != 0 {
		t.Errorf("Claude results matching %s: %v %v", word, res, err)
	}

	// Cut every Claude transcript to two thirds: nothing is new, and the
	// archive keeps the longer text. A rebuild reads every file again whole
	// from its retained copy: its rows are replaced and the indexes stay
	// consistent (the delete trigger skips results not indexed).
	saved := map[string][]byte{}
	err = filepath.WalkDir(filepath.Join(home, ".claude"), func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".jsonl") {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		saved[path] = b
		lines := strings.SplitAfter(string(b), "\n")
		return os.WriteFile(path, []byte(strings.Join(lines[:len(lines)*2/3], "")), 0o600)
	})
	if err != nil {
		t.Fatal(err)
	}
	before := dump(t, a)
	refresh()
	if after := dump(t, a); after != before {
		t.Fatalf("cutting the files changed the archive:\n%s\n---\n%s", before, after)
	}
	if _, err := a.Refresh(ctx, realProviders(), homeEnv(home), RefreshOptions{Rebuild: true}); err != nil {
		t.Fatal(err)
	}
	ftsConsistent(t, a.db)
	storedOnce(t, a)

	// The cut files in an archive of their own, then the rest put back:
	// calls stored without their result (indexed, empty) get it from the
	// appended lines and leave the index.
	b := openEmpty(t, Options{})
	if _, err := b.Refresh(ctx, realProviders(), homeEnv(home), RefreshOptions{}); err != nil {
		t.Fatal(err)
	}
	ftsConsistent(t, b.db)
	var pending int
	if err := b.db.QueryRow(`SELECT count(*) FROM tool_calls c JOIN sessions s ON s.pk = c.session
		WHERE s.provider = 'claude' AND NOT c.has_result`).Scan(&pending); err != nil || pending == 0 {
		t.Fatalf("no Claude call waits for its result after the cut (%v)", err)
	}
	for path, data := range saved {
		if err := os.WriteFile(path, data, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	back, err := b.Refresh(ctx, realProviders(), homeEnv(home), RefreshOptions{})
	if err != nil || back.Appended == 0 {
		t.Fatalf("refresh after the rest came back: %+v %v", back, err)
	}
	ftsConsistent(t, b.db)
	storedOnce(t, b)
}

// TestMigrateResultsInMessages opens an archive written before results
// carried by messages were told apart: the Claude results leave
// results_fts, the others stay.
func TestMigrateResultsInMessages(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	archiveAt(t, dir, 4,
		`INSERT INTO sessions (pk, id, provider) VALUES (1, 'c', 'claude'), (2, 'x', 'codex')`,
		`INSERT INTO messages (id, session, idx, role, text, line) VALUES
			(1, 1, 0, 'assistant', 'run it', 1), (2, 1, 1, 'tool', 'walrus output', 2), (3, 2, 0, 'assistant', 'run', 1)`,
		`INSERT INTO tool_calls (id, session, call_id, message_idx, result, has_result, result_line) VALUES
			(1, 1, 'a', 0, 'walrus output', 1, 2), (2, 1, 'b', 0, '', 0, 0), (3, 2, 'c', 0, 'walrus codex', 1, 2)`,
		`INSERT INTO messages_fts (rowid, text) SELECT id, text FROM messages`,
		`INSERT INTO results_fts (rowid, result) SELECT id, result FROM tool_calls`,
	)

	a, err := Open(context.Background(), Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	var msg sql.NullInt64
	if err := a.db.QueryRow(`SELECT result_msg FROM tool_calls WHERE id = 1`).Scan(&msg); err != nil || msg.Int64 != 1 {
		t.Errorf("result_msg of the Claude result: %v %v", msg, err)
	}
	ftsConsistent(t, a.db)
	hits, err := a.SearchResults(context.Background(), `"walrus"`, SearchFilter{})
	if err != nil || len(hits) != 1 || hits[0].SessionID != "x" {
		t.Errorf("results matching walrus: %+v %v", hits, err)
	}
	if _, err := a.db.Exec(`DELETE FROM sessions`); err != nil {
		t.Fatal(err)
	}
	ftsConsistent(t, a.db)
}

// storedOnce checks that a Claude result that is its tool message's whole
// text is stored there only, and that readers get it back: ToolCalls and
// CommitOutputs.
func storedOnce(t *testing.T, a *Archive) {
	t.Helper()
	ctx := context.Background()
	var session, call, text, command string
	var idx int
	err := a.db.QueryRow(`SELECT s.id, c.call_id, c.message_idx, m.text, k.command FROM tool_calls c
		JOIN sessions s ON s.pk = c.session
		JOIN messages m ON m.session = c.session AND m.idx = c.result_msg
		JOIN commands k ON k.session = c.session AND k.call_id = c.call_id
		WHERE c.result_whole_msg AND c.result = '' AND length(m.text) > 20 LIMIT 1`).Scan(&session, &call, &idx, &text, &command)
	if err != nil {
		t.Fatalf("no Claude command result stored once: %v", err)
	}
	calls, err := a.ToolCalls(ctx, session, idx)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, c := range calls {
		if c.ID == call {
			found = true
			if c.Result != text || !c.ResultInMessage {
				t.Errorf("ToolCalls result of %s: %q (in message %v), want the message text %q", call, c.Result, c.ResultInMessage, text)
			}
		}
	}
	if !found {
		t.Errorf("ToolCalls(%s, %d) lacks %s", session, idx, call)
	}
	// CommitOutputs reads results the same way (any shell command with
	// "git" in it and a probe from its output).
	if _, err := a.db.Exec(`UPDATE commands SET command = 'git commit -m x' WHERE call_id = ?`, call); err != nil {
		t.Fatal(err)
	}
	probe := text[:20]
	outs, err := a.CommitOutputs(ctx, probe)
	if err != nil || !slices.ContainsFunc(outs, func(o CommitOutput) bool { return o.SessionID == session && o.Output == text }) {
		t.Errorf("CommitOutputs(%q): %+v %v", probe, outs, err)
	}
}
