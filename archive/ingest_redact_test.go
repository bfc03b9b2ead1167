package archive

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBinaryContentStoredAsPlaceholders reads transcripts of both providers
// holding images (a pasted one, one the agent read, one in a data: URL),
// base64 printed by a command and a binary's bytes: each is stored as one
// placeholder line with its type and size, the text around it stays, and
// no base64 reaches the full-text index.
func TestBinaryContentStoredAsPlaceholders(t *testing.T) {
	t.Parallel()
	home := t.TempDir()
	copyTree(t, "../fixtures/reading/claude", filepath.Join(home, ".claude", "projects"))
	copyTree(t, "../fixtures/reading/codex", filepath.Join(home, ".codex", "sessions"))
	a := indexHome(t, home)

	texts := func(q string) []string {
		t.Helper()
		rows, err := a.db.Query(q)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		var out []string
		for rows.Next() {
			var s string
			if err := rows.Scan(&s); err != nil {
				t.Fatal(err)
			}
			out = append(out, s)
		}
		return out
	}
	want := []string{
		"What does this screenshot show?\n[image/png, 12 KB]",
		"",
		"[image/jpeg, 9 KB]",
		"",
		"[image/png, 3 KB]",
		"",
		"[binary, 313 B]",
		"",
		"Screenshot: [image/png, 12 KB]",
		"It is the login page, with the retry banner.",
	}
	got := texts(`SELECT m.text FROM messages m JOIN sessions s ON s.pk = m.session
		WHERE s.id = '0c0c0c0c-0c0c-4c0c-8c0c-0c0c0c0c0c0c' ORDER BY m.idx`)
	if strings.Join(got, "\n--\n") != strings.Join(want, "\n--\n") {
		t.Errorf("Claude messages:\n%q\nwant\n%q", got, want)
	}
	got = texts(`SELECT m.text FROM messages m JOIN sessions s ON s.pk = m.session
		WHERE s.id = '0190cccc-0000-7000-8000-00000000000c' ORDER BY m.idx`)
	want = []string{ // the prompt once: its image is in its twin message only
		"Look at the screenshot and the binary",
		"",
		"The screenshot is the login page; the file is an ELF binary.",
	}
	if strings.Join(got, "\n--\n") != strings.Join(want, "\n--\n") {
		t.Errorf("Codex messages:\n%q\nwant\n%q", got, want)
	}
	got = texts(`SELECT c.result FROM tool_calls c JOIN sessions s ON s.pk = c.session
		WHERE s.id = '0190cccc-0000-7000-8000-00000000000c' ORDER BY c.call_id`)
	want = []string{
		"Chunk ID: 1\nWall time: 0.0 seconds\nProcess exited with code 0\nOriginal token count: 300\nOutput:\n[binary, 313 B]",
		"[image/png, 12 KB]",
	}
	if strings.Join(got, "\n--\n") != strings.Join(want, "\n--\n") {
		t.Errorf("Codex results:\n%q\nwant\n%q", got, want)
	}

	// The transcripts hold the images' base64; the index holds none of it.
	data, err := os.ReadFile("../fixtures/reading/claude/-work-reading/0c0c0c0c-0c0c-4c0c-8c0c-0c0c0c0c0c0c.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	const pngStart = "iVBORw0KGgoAAAANSUhEU"
	if !strings.Contains(string(data), pngStart) {
		t.Fatal("the fixture holds no PNG")
	}
	for _, q := range []string{
		`SELECT count(*) FROM messages_fts WHERE messages_fts MATCH '"` + pngStart + `"*'`,
		`SELECT count(*) FROM results_fts WHERE results_fts MATCH '"` + pngStart + `"*'`,
		`SELECT count(*) FROM messages WHERE instr(text, '` + pngStart + `') > 0`,
		`SELECT count(*) FROM tool_calls WHERE instr(result, '` + pngStart + `') > 0`,
	} {
		if n := count(t, a.db, q); n != 0 {
			t.Errorf("%s = %d", q, n)
		}
	}
	if n := count(t, a.db, `SELECT count(*) FROM messages_fts WHERE messages_fts MATCH 'screenshot'`); n == 0 {
		t.Error("the text around the images is not indexed")
	}
}
