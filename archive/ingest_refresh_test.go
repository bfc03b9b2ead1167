package archive

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"

	"hansard/transcripts"
)

func TestOpenCreatesPrivateFiles(t *testing.T) {
	old := syscall.Umask(0)
	defer syscall.Umask(old)
	e := newTestEnv(t)
	a := e.create(Options{})
	e.write("s1.jsonl", sessionLines("s1", "/w")...)
	e.refresh(a, RefreshOptions{})
	check := func(path string, want os.FileMode) {
		t.Helper()
		fi, err := os.Stat(path)
		if err != nil {
			t.Fatal(err)
		}
		if got := fi.Mode().Perm(); got != want {
			t.Errorf("%s: mode %v, want %v", path, got, want)
		}
	}
	check(e.dir, 0o700)
	for _, suffix := range []string{"", "-wal", "-shm"} {
		check(a.Path()+suffix, 0o600)
	}
	check(filepath.Join(e.dir, "retained"), 0o700)
	check(a.RetainedPath("lines", filepath.Join(e.root, "s1.jsonl")), 0o600)
}

func TestOpenTwiceKeepsSchema(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t)
	a := e.create(Options{})
	e.write("s1.jsonl", sessionLines("s1", "/w")...)
	e.refresh(a, RefreshOptions{})
	a.Close()
	b := e.open(Options{})
	if n := count(t, b.db, `SELECT count(*) FROM sessions`); n != 1 {
		t.Fatalf("sessions after reopen = %d", n)
	}
	ms, err := loadMigrations()
	if err != nil {
		t.Fatal(err)
	}
	if v := count(t, b.db, `SELECT version FROM schema_version`); v != ms[len(ms)-1].version {
		t.Fatalf("schema version %d", v)
	}
}

func TestDefaultDir(t *testing.T) {
	t.Parallel()
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	cases := []struct {
		env  map[string]string
		want string
	}{
		{map[string]string{"HANSARD_HOME": "/h", "XDG_DATA_HOME": "/x", "HOME": "/home/u"}, "/h"},
		{map[string]string{"XDG_DATA_HOME": "/x", "HOME": "/home/u"}, "/x/hansard"},
		{map[string]string{"HOME": "/home/u"}, "/home/u/.local/share/hansard"},
	}
	for _, c := range cases {
		got, err := DefaultDir(env(c.env))
		if err != nil || got != c.want {
			t.Errorf("DefaultDir(%v) = %q, %v; want %q", c.env, got, err, c.want)
		}
	}
	if _, err := DefaultDir(env(nil)); err == nil {
		t.Error("DefaultDir with no HOME: want an error")
	}
}

func TestRefreshIndexesAndSkipsUnchanged(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t)
	a := e.open(Options{})
	e.write("s1.jsonl", sessionLines("s1", "/w")...)
	e.write("sub/s2.jsonl", sessionLines("s2", "/w")...)
	res := e.refresh(a, RefreshOptions{})
	if res.Reread != 2 || res.Sessions != 2 || res.Sources != 2 {
		t.Fatalf("first refresh: %+v", res)
	}
	d1 := dump(t, a)
	for _, want := range []string{"s1|1|assistant|0||fixing parse_config now", "s1|c1|1|Edit", "s1|c2|go test ./...|0|1|pass", "s1|c3|1|fix bug|pending"} {
		if !strings.Contains(d1, want) {
			t.Errorf("dump lacks %q:\n%s", want, d1)
		}
	}
	parses := e.prov.parses.Load()
	res = e.refresh(a, RefreshOptions{})
	if res.Unchanged != 2 || e.prov.parses.Load() != parses {
		t.Fatalf("second refresh parsed: %+v", res)
	}
	if d2 := dump(t, a); d2 != d1 {
		t.Fatalf("unchanged refresh changed the archive:\n%s\n---\n%s", d1, d2)
	}
}

func TestRefreshAppendsAndLeavesTornLine(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t)
	a := e.open(Options{})
	e.write("s1.jsonl", sessionLines("s1", "/w")...)
	e.refresh(a, RefreshOptions{})
	msgs, err := a.Messages(context.Background(), "s1", 0, 0)
	if err != nil || len(msgs) != 2 {
		t.Fatalf("messages: %v %v", len(msgs), err)
	}
	// One complete line and a torn one (no newline yet).
	e.appendRaw("s1.jsonl", `{"t":"msg","role":"user","text":"and another thing","uuid":"s1-u3","parent":"s1-u2"}`+"\n"+`{"t":"msg","role":"assistant","te`)
	res := e.refresh(a, RefreshOptions{})
	if res.Appended != 1 {
		t.Fatalf("append refresh: %+v", res)
	}
	msgs, _ = a.Messages(context.Background(), "s1", 0, 0)
	if len(msgs) != 3 || msgs[2].Index != 2 || msgs[2].Text != "and another thing" || msgs[0].Text != "please fix parse_config in s1" {
		t.Fatalf("after append: %+v", msgs)
	}
	e.appendRaw("s1.jsonl", `xt":"done","uuid":"s1-u4","parent":"s1-u3"}`+"\n")
	e.refresh(a, RefreshOptions{})
	msgs, _ = a.Messages(context.Background(), "s1", 0, 0)
	if len(msgs) != 4 || msgs[3].Text != "done" {
		t.Fatalf("after completing the torn line: %+v", msgs)
	}
	// The archive equals a fresh index of the same file, and the retained
	// copy holds the file's bytes.
	fresh := newTestEnv(t)
	fresh.root = e.root
	b := fresh.open(Options{})
	fresh.refresh(b, RefreshOptions{})
	if dump(t, a) != dump(t, b) {
		t.Fatalf("incremental and fresh index differ:\n%s\n---\n%s", dump(t, a), dump(t, b))
	}
	assertRetained(t, a, filepath.Join(e.root, "s1.jsonl"))
}

func assertRetained(t *testing.T, a *Archive, path string) {
	t.Helper()
	var raw, size int64
	if err := a.db.QueryRow(`SELECT retained_raw, retained_size FROM sources WHERE path = ?`, path).Scan(&raw, &size); err != nil {
		t.Fatal(err)
	}
	rc, err := openRetained(a.RetainedPath("lines", path), size)
	if err != nil {
		t.Fatal(err)
	}
	defer rc.Close()
	got := readAll(t, rc)
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if int64(len(got)) != raw || string(got) != string(want[:raw]) {
		t.Fatalf("retained copy (%d bytes, raw %d) differs from the file (%d bytes)", len(got), raw, len(want))
	}
}

func TestDeletedSourceKeepsSessionsAndRebuilds(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t)
	a := e.open(Options{})
	p1 := e.write("s1.jsonl", sessionLines("s1", "/w")...)
	e.write("s2.jsonl", sessionLines("s2", "/w")...)
	e.refresh(a, RefreshOptions{})
	before := dump(t, a)

	saved, err := os.ReadFile(p1)
	if err != nil {
		t.Fatal(err)
	}
	os.Remove(p1)
	res := e.refresh(a, RefreshOptions{})
	if res.Deleted != 1 {
		t.Fatalf("delete: %+v", res)
	}
	si, err := a.GetSession(context.Background(), "s1")
	if err != nil || !si.SourceDeleted || si.Messages != 2 {
		t.Fatalf("deleted session: %+v %v", si, err)
	}
	if link := si.SourceLink(3); link != "file://"+si.RetainedPath+"#L3" {
		t.Fatalf("source link of a deleted transcript: %s", link)
	}

	// Rebuild re-parses the deleted transcript from its retained copy.
	res = e.refresh(a, RefreshOptions{Rebuild: true})
	if res.Rebuilt != 2 {
		t.Fatalf("rebuild: %+v", res)
	}
	if !sameExceptDeleted(before, dump(t, a)) {
		t.Fatalf("rebuild changed content:\n%s\n---\n%s", before, dump(t, a))
	}
	if si, _ := a.GetSession(context.Background(), "s1"); !si.SourceDeleted || si.Messages != 2 {
		t.Fatalf("rebuilt deleted session: %+v", si)
	}
	if res := e.refresh(a, RefreshOptions{}); res.Deleted != 0 {
		t.Fatalf("refresh after rebuild: %+v", res)
	}

	// The file comes back: nothing is duplicated.
	if err := os.WriteFile(p1, saved, 0o600); err != nil {
		t.Fatal(err)
	}
	e.refresh(a, RefreshOptions{})
	if got := dump(t, a); got != before {
		t.Fatalf("re-appearing file changed the archive:\n%s\n---\n%s", before, got)
	}
	si, _ = a.GetSession(context.Background(), "s1")
	if si.SourceDeleted || si.SourceLink(3) != "file://"+p1+"#L3" {
		t.Fatalf("re-appeared session: %+v", si)
	}
}

// sameExceptDeleted compares dumps ignoring the deleted flags of sessions
// and sources.
func sameExceptDeleted(a, b string) bool {
	sessionFlag := regexp.MustCompile(`\|[01]\|(/[^|]*\.jsonl)$`)
	sourceFlag := regexp.MustCompile(`^(/[^|]*\.jsonl(?:\|\d+){3})\|[01]\|(\d+)$`)
	norm := func(s string) string {
		lines := strings.Split(s, "\n")
		for i, l := range lines {
			l = sessionFlag.ReplaceAllString(l, "|x|$1")
			lines[i] = sourceFlag.ReplaceAllString(l, "$1|x|$2")
		}
		return strings.Join(lines, "\n")
	}
	return norm(a) == norm(b)
}

func TestCancelledRefreshResumes(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t)
	for i := range 40 {
		id := "s" + string(rune('a'+i%26)) + string(rune('a'+i/26))
		var lines []string
		for range 30 {
			lines = append(lines, sessionLines(id, "/w")...)
		}
		e.write(id+".jsonl", lines...)
	}
	a := e.open(Options{})
	e.refreshInterrupted(a, &e.prov.during, func(attempt int) int { return 3 + attempt }, 50,
		func() { dump(t, a) }) // consistent after every interruption
	clean := newTestEnv(t)
	clean.root = e.root
	b := clean.open(Options{})
	clean.refresh(b, RefreshOptions{})
	if dump(t, a) != dump(t, b) {
		t.Fatal("resumed archive differs from a clean index")
	}
}

func TestPausedRefreshReadsNothing(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t)
	a := e.open(Options{})
	e.write("s1.jsonl", sessionLines("s1", "/w")...)
	if err := a.SetPaused(context.Background(), true); err != nil {
		t.Fatal(err)
	}
	res := e.refresh(a, RefreshOptions{})
	if !res.Paused || e.prov.parses.Load() != 0 {
		t.Fatalf("paused refresh: %+v", res)
	}
	st, err := a.Status(context.Background(), []transcripts.Provider{e.prov}, e.env)
	if err != nil || !st.Paused {
		t.Fatalf("status while paused: %+v %v", st, err)
	}
	a.SetPaused(context.Background(), false)
	if res := e.refresh(a, RefreshOptions{}); res.Sessions != 1 {
		t.Fatalf("resumed refresh: %+v", res)
	}
}

func TestRedactionBeforeStorage(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t)
	redact := func(s string) string { return strings.ReplaceAll(s, "hunter2secret", "[redacted:password]") }
	a := e.open(Options{Redact: redact})
	e.write("s1.jsonl",
		`{"t":"session","id":"s1","cwd":"/w","title":"login with hunter2secret"}`,
		`{"t":"msg","role":"user","text":"my password is hunter2secret"}`,
		`{"t":"call","id":"c1","name":"Bash","input":{"command":"login -p hunter2secret","note":"q\"hunter2secret\""}}`,
		`{"t":"result","id":"c1","text":"ok hunter2secret"}`,
		`{"t":"edit","call":"c1","file":"/w/.env","old":"PW=x","new":"PW=hunter2secret","status":"ok"}`,
		`{"t":"cmd","call":"c1","command":"login -p hunter2secret","exit":0}`,
		`{"t":"todo","call":"c1","items":["rotate hunter2secret"]}`,
	)
	e.refresh(a, RefreshOptions{})
	if d := dump(t, a); strings.Contains(d, "hunter2secret") {
		t.Fatalf("secret stored:\n%s", d)
	}
	for _, q := range []string{
		`SELECT count(*) FROM messages_fts WHERE messages_fts MATCH 'hunter2secret'`,
		`SELECT count(*) FROM results_fts WHERE results_fts MATCH 'hunter2secret'`,
		`SELECT count(*) FROM sessions WHERE title LIKE '%hunter2secret%'`,
		`SELECT count(*) FROM tool_calls WHERE input LIKE '%hunter2secret%' OR NOT json_valid(input)`,
	} {
		if n := count(t, a.db, q); n != 0 {
			t.Errorf("%s = %d", q, n)
		}
	}
	if n := count(t, a.db, `SELECT count(*) FROM messages_fts WHERE messages_fts MATCH 'redacted'`); n != 1 {
		t.Errorf("placeholder not indexed: %d", n)
	}
}

// versionedProvider is a lineProvider that names its parser version.
type versionedProvider struct {
	*lineProvider
	version string
}

func (p versionedProvider) ParserVersion() string { return p.version }

func TestParserUpgradeReparses(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t)
	a := e.open(Options{})
	e.write("s1.jsonl", sessionLines("s1", "/w")...)
	refresh := func(version string) RefreshResult {
		p := versionedProvider{e.prov, version}
		res, err := a.Refresh(context.Background(), []transcripts.Provider{p}, e.env, RefreshOptions{})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	if res := refresh("1"); res.Reread != 1 {
		t.Fatalf("first: %+v", res)
	}
	if res := refresh("1"); res.Unchanged != 1 {
		t.Fatalf("same version: %+v", res)
	}
	if res := refresh("2"); res.Rebuilt != 1 {
		t.Fatalf("new version: %+v", res)
	}
	// Transcripts archived before the provider named a version: re-read
	// once when it first does.
	b := newTestEnv(t)
	old := b.open(Options{})
	b.write("s1.jsonl", sessionLines("s1", "/w")...)
	b.refresh(old, RefreshOptions{})
	res, err := old.Refresh(context.Background(), []transcripts.Provider{versionedProvider{b.prov, "1"}}, b.env, RefreshOptions{})
	if err != nil || res.Rebuilt != 1 {
		t.Fatalf("first version named: %+v, %v", res, err)
	}
}

// TestReadingVersionReparses: transcripts read before the archive's own
// reading of records changed (the version it recorded is the parser's
// alone, or names another reading) are re-read once.
func TestReadingVersionReparses(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t)
	a := e.open(Options{})
	e.write("s1.jsonl", sessionLines("s1", "/w")...)
	p := versionedProvider{e.prov, "1"}
	refresh := func() RefreshResult {
		res, err := a.Refresh(context.Background(), []transcripts.Provider{p}, e.env, RefreshOptions{})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	refresh()
	for _, old := range []string{"1", "1/1"} {
		if err := a.setMeta(context.Background(), metaParserPrefix+p.Name(), old); err != nil {
			t.Fatal(err)
		}
		if res := refresh(); res.Rebuilt != 1 {
			t.Fatalf("recorded %q: %+v", old, res)
		}
		if res := refresh(); res.Unchanged != 1 {
			t.Fatalf("recorded %q, then again: %+v", old, res)
		}
	}
}

// TestRealProvidersNameTheirParser: both providers name their parser's
// version, so that a parser change re-reads archived transcripts.
func TestRealProvidersNameTheirParser(t *testing.T) {
	t.Parallel()
	for _, p := range realProviders() {
		if v, ok := p.(Versioned); !ok || v.ParserVersion() == "" {
			t.Errorf("provider %s names no parser version", p.Name())
		}
	}
}

func TestRefreshNoWaitWhenBusy(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t)
	a := e.open(Options{})
	e.write("s1.jsonl", sessionLines("s1", "/w")...)
	unlock, err := a.lockWrite(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	res, err := a.Refresh(context.Background(), []transcripts.Provider{e.prov}, e.env, RefreshOptions{NoWait: true})
	unlock()
	if err != nil || !res.Busy || e.prov.parses.Load() != 0 {
		t.Fatalf("busy refresh: %+v %v", res, err)
	}
	if res := e.refresh(a, RefreshOptions{NoWait: true}); res.Busy || res.Sessions != 1 {
		t.Fatalf("free refresh: %+v", res)
	}
}

func TestOpenWhileAnotherProcessWrites(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t)
	a := e.open(Options{})
	ctx := context.Background()
	conn, err := a.db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, `BEGIN IMMEDIATE`); err != nil {
		t.Fatal(err)
	}
	defer conn.ExecContext(ctx, `ROLLBACK`)
	b, err := Open(ctx, Options{Dir: e.dir})
	if err != nil {
		t.Fatalf("open during a write: %v", err)
	}
	defer b.Close()
	if _, err := b.Status(ctx, nil, nil); err != nil {
		t.Fatalf("read during a write: %v", err)
	}
}

func TestProgressReportsTheEnd(t *testing.T) {
	t.Parallel()
	e := newTestEnv(t)
	a := e.open(Options{})
	for _, id := range []string{"p1", "p2", "p3"} {
		e.write(id+".jsonl", sessionLines(id, "/w")...)
	}
	var last Progress
	calls := 0
	e.refresh(a, RefreshOptions{Progress: func(p Progress) { last = p; calls++ }})
	if calls == 0 || last.Files != 3 || last.FilesTotal != 3 || last.Sessions != 3 || last.Bytes != last.BytesTotal {
		t.Fatalf("last progress: %+v after %d calls", last, calls)
	}
}
