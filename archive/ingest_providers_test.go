package archive

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"hansard/fixtures/gen"
	"hansard/redact"
	"hansard/transcripts"
	"hansard/transcripts/providertest"
)

// collect parses every file of the providers into one Collector, through
// the Provider interface alone: what the archive must end up holding.
func collect(t *testing.T, providers []transcripts.Provider, env transcripts.Env) *providertest.Collector {
	t.Helper()
	c := &providertest.Collector{}
	ctx := context.Background()
	for _, p := range providers {
		if err := providertest.ParseEvery(ctx, p, env, func(string, error) {}, c.Sink()); err != nil {
			t.Fatal(err)
		}
	}
	return c
}

// TestArchiveHoldsWhatProvidersEmit indexes a generated home with the real
// providers and compares the archive with the providers' own records; then
// indexes the same files in two parts (each cut at half, then completed)
// and expects the same archive.
func TestArchiveHoldsWhatProvidersEmit(t *testing.T) {
	t.Parallel()
	home := t.TempDir()
	if _, err := gen.Write(home, gen.Options{Sessions: 6, TargetBytes: 3 << 20, LongOutputs: true, Seed: 11}); err != nil {
		t.Fatal(err)
	}
	env := homeEnv(home)
	providers := realProviders()
	want := collect(t, providers, env)

	a := openEmpty(t, Options{})
	if _, err := a.Refresh(context.Background(), providers, env, RefreshOptions{}); err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	sessions := want.Sessions()
	if n := count(t, a.db, `SELECT count(*) FROM sessions`); n != len(sessions) || n == 0 {
		t.Fatalf("sessions: %d, providers emitted %d", n, len(sessions))
	}
	for _, s := range sessions {
		got, err := a.Messages(ctx, s.ID, 0, 0)
		if err != nil {
			t.Fatal(err)
		}
		exp := want.Messages(s.ID)
		if len(got) != len(exp) {
			t.Fatalf("%s: %d messages, want %d", s.ID, len(got), len(exp))
		}
		for i := range exp {
			if got[i].Text != exp[i].Text || got[i].Role != exp[i].Role || got[i].Index != exp[i].Index {
				t.Fatalf("%s message %d differs", s.ID, i)
			}
		}
	}
	byID, byUUID := 0, 0
	for k := range want.LinksByKey {
		if k.ParentID != "" {
			byID++
		} else {
			byUUID++
		}
	}
	for table, n := range map[string]int{
		"tool_calls": len(want.ToolCallsByKey), "edits": len(want.EditsByKey),
		"commands": len(want.CommandsByKey), "session_links": byID, "link_uuids": byUUID,
	} {
		if got := count(t, a.db, `SELECT count(*) FROM `+table); got != n {
			t.Errorf("%s: %d rows, providers emitted %d", table, got, n)
		}
	}
	var edits []transcripts.Edit
	a.ForEachEdit(ctx, EditFilter{}, func(e RepoEdit) error { edits = append(edits, e.Edit); return nil })
	byKey := map[providertest.EditKey]transcripts.Edit{}
	for _, e := range edits {
		byKey[providertest.EditKey{SessionID: e.SessionID, ToolCallID: e.ToolCallID, Seq: e.Seq}] = e
	}
	for k, e := range want.EditsByKey {
		g := byKey[k]
		hw, _ := json.Marshal(e.Hunks)
		hg, _ := json.Marshal(g.Hunks)
		if g.OldText != e.OldText || g.NewText != e.NewText || g.Patch != e.Patch || g.Status != e.Status || !bytes.Equal(hw, hg) {
			t.Fatalf("edit %v differs", k)
		}
	}
	full := dump(t, a)

	// The same files read in two parts.
	b := openEmpty(t, Options{})
	saved := map[string][]byte{}
	filepath.WalkDir(home, func(path string, d os.DirEntry, err error) error {
		if err == nil && filepath.Ext(path) == ".jsonl" {
			data, _ := os.ReadFile(path)
			saved[path] = data
			os.WriteFile(path, data[:len(data)/2], 0o600) // usually a torn line
		}
		return nil
	})
	if _, err := b.Refresh(ctx, providers, env, RefreshOptions{}); err != nil {
		t.Fatal(err)
	}
	for path, data := range saved {
		os.WriteFile(path, data, 0o600)
	}
	res, err := b.Refresh(ctx, providers, env, RefreshOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Appended != len(saved) {
		t.Fatalf("second part: %+v", res)
	}
	if got := dump(t, b); got != full {
		gl, fl := strings.Split(got, "\n"), strings.Split(full, "\n")
		for i := 0; i < len(gl) && i < len(fl); i++ {
			if gl[i] != fl[i] {
				t.Fatalf("archive read in two parts differs from one read at line %d:\n%.300s\n---\n%.300s", i, gl[i], fl[i])
			}
		}
		t.Fatalf("archive read in two parts differs from one read (%d vs %d lines)", len(gl), len(fl))
	}
}

// TestPlantedSecretsNeverReachTheDatabase indexes a generated home with
// fake credentials planted and redaction on, then searches the database
// file (and its WAL) byte for byte for each of them.
func TestPlantedSecretsNeverReachTheDatabase(t *testing.T) {
	t.Parallel()
	home := t.TempDir()
	st, err := gen.Write(home, gen.Options{Sessions: 4, TargetBytes: 1 << 20, Seed: 5, Secrets: 12})
	if err != nil {
		t.Fatal(err)
	}
	if len(st.Secrets) == 0 {
		t.Fatal("no secrets planted")
	}
	a := openEmpty(t, Options{Redact: redact.New().String})
	if _, err := a.Refresh(context.Background(), realProviders(), homeEnv(home), RefreshOptions{}); err != nil {
		t.Fatal(err)
	}
	if n := count(t, a.db, `SELECT count(*) FROM messages_fts WHERE messages_fts MATCH 'redacted'`); n == 0 {
		t.Fatal("nothing was redacted")
	}
	for _, s := range st.Secrets {
		phrase := `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
		for _, table := range ftsTables {
			if n := count(t, a.db, `SELECT count(*) FROM `+table+` WHERE `+table+` MATCH ?`, phrase); n != 0 {
				t.Errorf("secret %.12s… is in %s", s, table)
			}
		}
	}
	for _, suffix := range []string{"", "-wal"} {
		data, err := os.ReadFile(a.Path() + suffix)
		if err != nil && !os.IsNotExist(err) {
			t.Fatal(err)
		}
		for _, s := range st.Secrets {
			if bytes.Contains(data, []byte(s)) {
				t.Errorf("secret %.12s… found in %s", s, filepath.Base(a.Path()+suffix))
			}
		}
	}
}
