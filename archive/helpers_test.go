package archive

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"hansard/transcripts"
)

// testEnv is a home with one lineProvider root and an archive folder.
type testEnv struct {
	t        *testing.T
	root     string
	dir      string
	prov     *lineProvider
	env      transcripts.Env
	warnings []string
	opened   bool // open or create was called
}

func newTestEnv(t *testing.T) *testEnv {
	t.Helper()
	base := t.TempDir()
	e := &testEnv{t: t, root: filepath.Join(base, "transcripts"), dir: filepath.Join(base, "archive"), prov: newLineProvider()}
	if err := os.MkdirAll(e.root, 0o700); err != nil {
		t.Fatal(err)
	}
	e.env = func(k string) string {
		if k == e.prov.envKey {
			return e.root
		}
		return ""
	}
	return e
}

// open opens the archive in e.dir. The first open of an env whose folder
// holds no database starts from a copy of an empty archive (see
// emptyDB); create is the first open that makes the archive itself.
func (e *testEnv) open(opts Options) *Archive {
	e.t.Helper()
	if !e.opened {
		if _, err := os.Lstat(filepath.Join(e.dir, DBName)); errors.Is(err, fs.ErrNotExist) {
			layEmpty(e.t, e.dir)
		}
	}
	return e.create(opts)
}

// create opens the archive in e.dir as it is: Open makes a new one when
// there is none, for the tests of what that does.
func (e *testEnv) create(opts Options) *Archive {
	e.t.Helper()
	e.opened = true
	opts.Dir = e.dir
	a, err := Open(context.Background(), opts)
	if err != nil {
		e.t.Fatal(err)
	}
	e.t.Cleanup(func() { a.Close() })
	return a
}

// refreshInterrupted refreshes a with one worker until a run finishes,
// cancelling a run once the provider hook *hook (e.prov.during or
// e.prov.after) has been called stopAt(attempt) times in it. It calls
// each, when set, after every interrupted run, and fails when no run was
// interrupted or when attempt passes limit. The hook is cleared after.
func (e *testEnv) refreshInterrupted(a *Archive, hook *func(transcripts.Source), stopAt func(attempt int) int, limit int, each func()) {
	e.t.Helper()
	interrupted := 0
	for attempt := 0; ; attempt++ {
		ctx, cancel := context.WithCancel(context.Background())
		calls, stop := 0, stopAt(attempt)
		*hook = func(transcripts.Source) {
			calls++
			if calls == stop {
				cancel()
			}
		}
		_, err := a.Refresh(ctx, []transcripts.Provider{e.prov}, e.env, RefreshOptions{Workers: 1})
		cancel()
		if err == nil {
			break
		}
		if !errors.Is(err, context.Canceled) {
			e.t.Fatal(err)
		}
		interrupted++
		if attempt > limit {
			e.t.Fatal("refresh never finished")
		}
		if each != nil {
			each()
		}
	}
	if interrupted == 0 {
		e.t.Fatal("no refresh was interrupted")
	}
	*hook = nil
}

func (e *testEnv) refresh(a *Archive, opts RefreshOptions) RefreshResult {
	e.t.Helper()
	opts.Warn = func(s string) { e.warnings = append(e.warnings, s) }
	res, err := a.Refresh(context.Background(), []transcripts.Provider{e.prov}, e.env, opts)
	if err != nil {
		e.t.Fatal(err)
	}
	return res
}

func (e *testEnv) write(name string, lines ...string) string {
	e.t.Helper()
	path := filepath.Join(e.root, name)
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		e.t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(strings.Join(lines, "\n")+"\n"), 0o600); err != nil {
		e.t.Fatal(err)
	}
	return path
}

func (e *testEnv) appendRaw(name, text string) {
	e.t.Helper()
	f, err := os.OpenFile(filepath.Join(e.root, name), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		e.t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteString(text); err != nil {
		e.t.Fatal(err)
	}
}

// sessionLines returns a small session: a prompt, an answer with an edit
// call, its result, a command and a todo list.
// reworded returns a copy of lines (from sessionLines) whose first user
// message says "kindly fix" for "please fix": the same session, rewritten.
func reworded(lines []string) []string {
	lines = slices.Clone(lines)
	lines[1] = strings.Replace(lines[1], "please fix", "kindly fix", 1)
	return lines
}

func sessionLines(id, cwd string) []string {
	return []string{
		fmt.Sprintf(`{"t":"session","id":%q,"cwd":%q}`, id, cwd),
		fmt.Sprintf(`{"t":"msg","role":"user","text":"please fix parse_config in %s","uuid":"%s-u1","ts":"2026-01-02T03:04:05Z"}`, id, id),
		fmt.Sprintf(`{"t":"msg","role":"assistant","text":"fixing parse_config now","uuid":"%s-u2","parent":"%s-u1","ts":"2026-01-02T03:04:06Z"}`, id, id),
		`{"t":"call","id":"c1","name":"Edit","input":{"file_path":"` + cwd + `/main.go","old_string":"a","new_string":"b"}}`,
		`{"t":"edit","call":"c1","file":"` + cwd + `/main.go","old":"a := 1","new":"a := 2","status":"ok"}`,
		`{"t":"result","id":"c1","text":"The file main.go has been updated; zebra_output"}`,
		`{"t":"call","id":"c2","name":"Bash","input":{"command":"go test ./..."}}`,
		`{"t":"cmd","call":"c2","command":"go test ./...","exit":0}`,
		`{"t":"call","id":"c3","name":"TodoWrite","input":{}}`,
		`{"t":"todo","call":"c3","items":["write tests","fix bug"]}`,
	}
}

// dump renders every table's content without row ids, for comparing two
// archives.
func dump(t *testing.T, a *Archive) string {
	t.Helper()
	queries := []string{
		`SELECT s.id, s.provider, s.class, s.cwd, s.repo_root, s.repo_cwd, s.title, s.started_at, s.parent_id, s.relation, s.source_deleted, coalesce(src.path,'') FROM sessions s LEFT JOIN sources src ON src.id = s.source_id`,
		`SELECT s.id, m.idx, m.role, m.human, m.kind, m.text, m.ts, m.uuid, m.parent_uuid, m.on_main_branch, m.line, m.retracted FROM messages m JOIN sessions s ON s.pk = m.session`,
		`SELECT s.id, c.call_id, c.message_idx, c.name, c.input, c.result, c.has_result, c.is_error, c.exit_code FROM tool_calls c JOIN sessions s ON s.pk = c.session`,
		`SELECT s.id, e.call_id, e.seq, e.file, e.repo_root, e.path, e.old_text, e.new_text, e.status FROM edits e JOIN sessions s ON s.pk = e.session`,
		`SELECT s.id, c.call_id, c.command, c.exit_code, c.is_test, c.test_status FROM commands c JOIN sessions s ON s.pk = c.session`,
		`SELECT s.id, t.call_id, t.seq, t.text, t.status FROM todos t JOIN sessions s ON s.pk = t.session`,
		`SELECT session_id, parent_id, relation, parent_tool_call_id, evidence FROM session_links`,
		`SELECT s.path, p.line, p.kind FROM problems p JOIN sources s ON s.id = p.source_id`,
		`SELECT path, offset, lines, next_index, deleted, retained_raw FROM sources`,
		`SELECT path, kind, snapshot_lens, hex(content_hash) FROM sources`,
		`SELECT s.id, m.idx FROM messages_fts f JOIN messages m ON m.id = f.rowid JOIN sessions s ON s.pk = m.session WHERE messages_fts MATCH 'parse_config'`,
		`SELECT s.id, c.call_id FROM results_fts f JOIN tool_calls c ON c.id = f.rowid JOIN sessions s ON s.pk = c.session WHERE results_fts MATCH 'zebra_output'`,
	}
	var out []string
	for _, q := range queries {
		lines := queryLines(t, a.db, q, func(b []byte) string { return string(b) })
		sort.Strings(lines)
		out = append(out, q[:30]+"\n"+strings.Join(lines, "\n"))
	}
	// The FTS index must agree with its content table.
	for _, check := range []string{
		`INSERT INTO messages_fts(messages_fts, rank) VALUES('integrity-check', 1)`,
		`INSERT INTO results_fts(results_fts, rank) VALUES('integrity-check', 1)`,
	} {
		if _, err := a.db.Exec(check); err != nil {
			t.Fatalf("fts integrity: %v", err)
		}
	}
	return strings.Join(out, "\n\n")
}

func count(t *testing.T, db *sql.DB, q string, args ...any) int {
	t.Helper()
	var n int
	if err := db.QueryRow(q, args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return n
}

func readAll(t *testing.T, r interface{ Read([]byte) (int, error) }) []byte {
	t.Helper()
	var out []byte
	buf := make([]byte, 32<<10)
	for {
		n, err := r.Read(buf)
		out = append(out, buf[:n]...)
		if err != nil {
			return out
		}
	}
}

// archiveAt writes, in dir, a database with the migrations up to version v
// applied and stmts run after them, as an older hansard left it.
func archiveAt(t *testing.T, dir string, v int, stmts ...string) {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+filepath.Join(dir, DBName))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ms, err := loadMigrations()
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range ms {
		if m.version > v {
			break
		}
		if _, err := db.Exec(m.sql); err != nil {
			t.Fatalf("%s: %v", m.name, err)
		}
	}
	stmts = append([]string{`CREATE TABLE schema_version (version INTEGER NOT NULL)`,
		fmt.Sprintf(`INSERT INTO schema_version VALUES (%d)`, v)}, stmts...)
	for _, q := range stmts {
		if _, err := db.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
}

// queryLines returns the rows of q, columns joined by |, blobs as blob
// writes them.
func queryLines(t *testing.T, db *sql.DB, q string, blob func([]byte) string) []string {
	t.Helper()
	rows, err := db.Query(q)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for rows.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			t.Fatal(err)
		}
		parts := make([]string, len(vals))
		for i, v := range vals {
			if b, ok := v.([]byte); ok {
				parts[i] = blob(b)
			} else {
				parts[i] = fmt.Sprint(v)
			}
		}
		out = append(out, strings.Join(parts, "|"))
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}
