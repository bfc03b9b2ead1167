package archive

import (
	"context"
	"reflect"
	"slices"
	"strings"
	"testing"
)

func TestSplitBoilerplate(t *testing.T) {
	t.Parallel()
	// text → said, boilerplate
	cases := map[string][2]string{
		"plain text": {"plain text", ""},
		"<permissions instructions>\nescalation\n</permissions instructions>":  {"", "<permissions instructions>\nescalation\n</permissions instructions>"},
		"  <environment_context><cwd>/x</cwd></environment_context>":           {"", "  <environment_context><cwd>/x</cwd></environment_context>"},
		"file body\n\n<system-reminder>\nconsider malware\n</system-reminder>": {"file body\n\n", "<system-reminder>\nconsider malware\n</system-reminder>"},
		"<system-reminder>a</system-reminder>prompt<system-reminder>b</system-reminder> end": {"prompt end",
			"<system-reminder>a</system-reminder>\n<system-reminder>b</system-reminder>"},
		"cut <system-reminder>never closed":         {"cut ", "<system-reminder>never closed"},
		"mentions <permissions instructions> later": {"mentions <permissions instructions> later", ""},
	}
	for text, want := range cases {
		if said, boiler := splitBoilerplate(text); said != want[0] || boiler != want[1] {
			t.Errorf("splitBoilerplate(%q) = %q, %q; want %q", text, said, boiler, want)
		}
	}
	if got := messageColumns("tool", "out <system-reminder>r</system-reminder>"); !reflect.DeepEqual(got, []string{"", "", "out ", "<system-reminder>r</system-reminder>"}) {
		t.Errorf("messageColumns: %q", got)
	}
	if got := messageColumns("system", "x"); !reflect.DeepEqual(got, []string{"", "x", "", ""}) {
		t.Errorf("messageColumns: %q", got)
	}
}

func TestIdentifiers(t *testing.T) {
	t.Parallel()
	got := identifiers("call AddUserMessage and run_explain_test, parseJSON(x); README TODO_X plain words é_accent AddUserMessage _private_ x_y")
	want := []string{"addusermessage", "run_explain_test", "parsejson", "todo_x"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("identifiers = %q, want %q", got, want)
	}
}

// An archive of the previous schema is indexed again on open: boilerplate
// leaves the columns a search reads, and the vocabulary holds the
// identifiers of the text archived before.
func TestUpgradeSplitsBoilerplate(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	dir := t.TempDir()
	archiveAt(t, dir, 16,
		`INSERT INTO sessions (pk, id, provider) VALUES (1, 's1', 'codex')`,
		`INSERT INTO messages (id, session, idx, role, text) VALUES
			(1, 1, 0, 'system', '<permissions instructions>ask for escalation</permissions instructions>'),
			(2, 1, 1, 'user', 'why did AddUserMessage fail'),
			(3, 1, 2, 'tool', 'ok <system-reminder>escalation reminder</system-reminder>')`,
		`INSERT INTO messages_fts (messages_fts) VALUES ('rebuild')`)
	a, err := Open(ctx, Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	match := func(expr string) string {
		t.Helper()
		var ids string
		if err := a.db.QueryRowContext(ctx, `SELECT coalesce(group_concat(rowid), '') FROM
			(SELECT rowid FROM messages_fts WHERE messages_fts MATCH ? ORDER BY rowid)`, expr).Scan(&ids); err != nil {
			t.Fatal(err)
		}
		return ids
	}
	if got := match(ClassMatch("escalation", ClassUser, ClassSaid, ClassTool)); got != "" {
		t.Errorf("escalation outside boilerplate: %v", got)
	}
	if got := match(ClassMatch("escalation", ClassBoiler)); got != "1,3" {
		t.Errorf("escalation in boilerplate: %v", got)
	}
	if got := match(ClassMatch("ok", ClassTool)); got != "3" {
		t.Errorf("tool text beside a reminder: %v", got)
	}
	if got := match(ClassMatch("fail", ClassUser)); got != "2" {
		t.Errorf("a prompt: %v", got)
	}
	ids, err := a.IdentifiersContaining(ctx, "usermessage", 5)
	if err != nil || !reflect.DeepEqual(ids, []string{"addusermessage"}) {
		t.Errorf("vocabulary: %v, %v", ids, err)
	}
	// A delete removes exactly what was indexed (the trigger splits alike).
	if _, err := a.db.ExecContext(ctx, `DELETE FROM messages WHERE id IN (1, 3)`); err != nil {
		t.Fatal(err)
	}
	if _, err := a.db.ExecContext(ctx, `INSERT INTO messages_fts (messages_fts) VALUES ('integrity-check')`); err != nil {
		t.Errorf("integrity after delete: %v", err)
	}
	terms, err := a.IndexTerms(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if slices.Contains(terms, "reminder") {
		t.Errorf("a deleted message's boilerplate is still indexed")
	}
}

// The writer indexes and removes the columns as the schema's view and
// trigger do, through rewrites and deletes.
func TestWriterSplitsBoilerplate(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t)
	a := e.open(Options{})
	lines := sessionLines("s1", "/w")
	lines[5] = `{"t":"result","id":"c1","text":"updated <system-reminder>consider escalation</system-reminder>"}`
	lines = append(lines, `{"t":"msg","role":"user","text":"<system-reminder>escalation again</system-reminder> and AddUserMessage","uuid":"s1-u3","ts":"2026-01-02T03:05:00Z"}`)
	e.write("s1.jsonl", lines...)
	e.refresh(a, RefreshOptions{})
	check := func(when string) {
		t.Helper()
		if _, err := a.db.Exec(`INSERT INTO messages_fts (messages_fts) VALUES ('integrity-check')`); err != nil {
			t.Errorf("%s: %v", when, err)
		}
		n := count(t, a.db, `SELECT count(*) FROM messages_fts WHERE messages_fts MATCH ?`, ClassMatch("escalation", ClassUser, ClassSaid, ClassTool))
		b := count(t, a.db, `SELECT count(*) FROM messages_fts WHERE messages_fts MATCH ?`, ClassMatch("escalation", ClassBoiler))
		if n != 0 || b == 0 {
			t.Errorf("%s: escalation in %d texts, in %d boilerplates", when, n, b)
		}
	}
	check("first read")
	e.write("s1.jsonl", reworded(lines)...)
	e.refresh(a, RefreshOptions{})
	check("rewritten")
	ids, err := a.IdentifiersContaining(context.Background(), "usermessage", 3)
	if err != nil || !reflect.DeepEqual(ids, []string{"addusermessage"}) {
		t.Errorf("vocabulary: %v, %v", ids, err)
	}
	if _, err := a.db.Exec(`DELETE FROM sessions`); err != nil {
		t.Fatal(err)
	}
	if _, err := a.db.Exec(`INSERT INTO messages_fts (messages_fts) VALUES ('integrity-check')`); err != nil {
		t.Errorf("after delete: %v", err)
	}
	if terms, _ := a.IndexTerms(context.Background()); slices.ContainsFunc(terms, func(s string) bool { return strings.HasPrefix(s, "escalat") }) {
		t.Errorf("deleted boilerplate still indexed")
	}
}
